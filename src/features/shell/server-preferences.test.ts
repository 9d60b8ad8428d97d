import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { colorSchemeOf, serverPreferences, themeOf } from "./server-preferences";

describe("the preferences of the user's settings", () => {
  it("map Zulip's color_scheme to a theme and back (1 automatic, 2 dark, 3 light)", () => {
    expect([1, 2, 3].map(themeOf)).toEqual(["system", "dark", "light"]);
    expect(themeOf(9)).toBe("system");
    expect((["system", "dark", "light"] as const).map(colorSchemeOf)).toEqual([1, 2, 3]);
  });

  it("take theme, Enter, time format and density from the settings", () => {
    expect(
      serverPreferences(
        eg.userSettings({
          color_scheme: 2,
          web_home_view: "all_messages",
          enter_sends: false,
          twenty_four_hour_time: true,
          web_font_size_px: 14,
          web_line_height_percent: 122,
        }),
      ),
    ).toEqual({
      theme: "dark",
      homeView: "all_messages",
      enterSends: false,
      twentyFourHourTime: true,
      density: { fontSizePx: 14, lineHeightPercent: 122 },
    });
  });
});

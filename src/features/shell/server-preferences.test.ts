import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { colorSchemeOf, serverPreferences, themeOf, UnsavedChoices } from "./server-preferences";
import type { ServerPreferences } from "../../stores/ui-store";

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

describe("a preference chosen before the server shows it back", () => {
  const server = (theme: "system" | "dark" | "light"): ServerPreferences =>
    serverPreferences(eg.userSettings({ color_scheme: colorSchemeOf(theme) }));

  it("stays over a register snapshot that predates it, until the server's settings agree", () => {
    const choices = new UnsavedChoices();
    const token = choices.chose({ theme: "dark" });
    choices.answered(token);
    // The snapshot, taken before the save, arrives after it was answered.
    expect(choices.over(server("light"), true).theme).toBe("dark");
    // The user_settings event of the save: the server agrees, the choice is done.
    expect(choices.over(server("dark"), false).theme).toBe("dark");
    expect(choices.over(server("light"), false).theme).toBe("light");
  });

  it("stays over changes while its save is unanswered, and gives way to a later one after", () => {
    const choices = new UnsavedChoices();
    const token = choices.chose({ theme: "dark" });
    expect(choices.over(server("light"), false).theme).toBe("dark");
    choices.answered(token);
    // Another tab's choice, after this one was saved, wins.
    expect(choices.over(server("light"), false).theme).toBe("light");
  });

  it("gives way at once when the server refuses it, and leaves other preferences alone", () => {
    const choices = new UnsavedChoices();
    const token = choices.chose({ theme: "dark" });
    choices.chose({ enterSends: false });
    choices.refused(token);
    const shown = choices.over(server("light"), true);
    expect(shown.theme).toBe("light");
    expect(shown.enterSends).toBe(false);
  });
});

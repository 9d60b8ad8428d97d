// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { applyEventToQueries, seedQueriesFromSnapshot } from "./query-events";
import { renderContextFromQueries } from "./render-context";
import { settingsQueries } from "./settings-queries";

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

const userSettings = () => queryClient.getQueryData(settingsQueries.user().queryKey);

describe("the user's settings", () => {
  it("are seeded from the snapshot's user_settings, or an old server's top-level fields", () => {
    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({
        user_settings: { ...eg.userSettings({ translate_emoticons: true }), emojiset: "google" },
      }),
    );
    expect(userSettings()).toEqual({
      ...eg.userSettings({ translate_emoticons: true }),
      emojiset: "google",
    });
    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({ translate_emoticons: false, twenty_four_hour_time: true }),
    );
    expect(userSettings()).toEqual(eg.userSettings({ twenty_four_hour_time: true }));
    seedQueriesFromSnapshot(queryClient, eg.registerResponse({}));
    expect(userSettings()).toEqual(eg.userSettings({ twenty_four_hour_time: true }));
  });

  it("follow user_settings events and the legacy update_display_settings", () => {
    seedQueriesFromSnapshot(queryClient, eg.registerResponse({ user_settings: eg.userSettings() }));
    applyEventToQueries(queryClient, {
      id: 1,
      type: "user_settings",
      op: "update",
      property: "translate_emoticons",
      value: true,
    });
    expect(userSettings()).toEqual(eg.userSettings({ translate_emoticons: true }));
    applyEventToQueries(queryClient, {
      id: 2,
      type: "update_display_settings",
      user: eg.hamlet.email,
      setting_name: "translate_emoticons",
      setting: false,
    });
    expect(userSettings()).toEqual(eg.userSettings());
  });

  it("give the renderer of local echoes and previews the user's translate_emoticons", () => {
    expect(renderContextFromQueries(queryClient).translateEmoticons).toBe(false);
    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({ user_settings: eg.userSettings({ translate_emoticons: true }) }),
    );
    expect(renderContextFromQueries(queryClient).translateEmoticons).toBe(true);
  });
});

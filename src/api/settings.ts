import type { ApiClient, CallOptions } from "./client";
import type { UserSettings } from "../../common/wire/settings";

/** The settings `updateSettings` can change; each one left out stays as it is. */
export type UserSettingsUpdate = Partial<Pick<UserSettings, "translate_emoticons">>;

/**
 * PATCH /api/v1/settings — changes the user's own settings. Every queue of the user then gets a
 * `user_settings` event, this tab's included.
 */
export async function updateSettings(
  client: ApiClient,
  params: UserSettingsUpdate,
  options: CallOptions = {},
): Promise<void> {
  await client.call("PATCH", "settings", {
    params,
    signal: options.signal,
  });
}

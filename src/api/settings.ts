import type { ApiClient, CallOptions } from "./client";
import type { UserSettings } from "../../common/wire/settings";

/** The settings `updateSettings` can change; each one left out stays as it is. */
export type UserSettingsUpdate = Partial<
  Pick<
    UserSettings,
    | "translate_emoticons"
    | "twenty_four_hour_time"
    | "enter_sends"
    | "color_scheme"
    | "web_home_view"
    | "web_font_size_px"
    | "web_line_height_percent"
    | "enable_stream_desktop_notifications"
    | "enable_stream_audible_notifications"
    | "enable_followed_topic_desktop_notifications"
    | "enable_followed_topic_audible_notifications"
    | "enable_desktop_notifications"
    | "enable_sounds"
  >
>;

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

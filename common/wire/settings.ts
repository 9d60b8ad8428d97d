import { z } from "zod";

/**
 * The user's own settings (Zulip's `user_settings` object of `POST /register`, FL 89), as far as
 * Parley reads them; a real Zulip sends many more, which pass through.
 */
export const userSettingsSchema = z.looseObject({
  /** Emoticons like `:)` in this user's messages become emoji when rendered. Zulip's default: off. */
  translate_emoticons: z.boolean(),
  // The rest default to Zulip's defaults (Parley's for `enter_sends`) when a server predates them.
  /** Times as 15:07 rather than 3:07 PM. */
  twenty_four_hour_time: z.boolean().default(false),
  /** Enter sends (Shift+Enter adds a line); otherwise Ctrl/Cmd+Enter sends. */
  enter_sends: z.boolean().default(true),
  /** 1 automatic (the system's), 2 dark, 3 light. */
  color_scheme: z.number().int().default(1),
  /** The view a new window opens on: "inbox", "recent_topics" or "all_messages" (FL 219). */
  web_home_view: z.string().default("inbox"),
  /** The information density: the base font size (px) and line height (%) (FL 245). */
  web_font_size_px: z.number().int().default(16),
  web_line_height_percent: z.number().int().default(140),
  /** Desktop notifications and sounds for every message of a stream (overridable per stream). */
  enable_stream_desktop_notifications: z.boolean().default(false),
  enable_stream_audible_notifications: z.boolean().default(false),
  /** The same for the topics the user follows (FL 189). */
  enable_followed_topic_desktop_notifications: z.boolean().default(true),
  enable_followed_topic_audible_notifications: z.boolean().default(true),
  /** Desktop notifications and sounds for direct messages and mentions. */
  enable_desktop_notifications: z.boolean().default(true),
  enable_sounds: z.boolean().default(true),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * [OLD] The settings an old client (without `user_settings_object`) finds at the top level of
 * its register answer: the display and notification ones; each present only when asked for.
 */
export const legacyUserSettingsShape = {
  translate_emoticons: z.boolean().optional(),
  twenty_four_hour_time: z.boolean().optional(),
  enter_sends: z.boolean().optional(),
  color_scheme: z.number().int().optional(),
  web_home_view: z.string().optional(),
  enable_stream_desktop_notifications: z.boolean().optional(),
  enable_stream_audible_notifications: z.boolean().optional(),
  enable_desktop_notifications: z.boolean().optional(),
  enable_sounds: z.boolean().optional(),
};

/** The value of one setting: each of Zulip's settings is a boolean, an integer or a string. */
const settingValueSchema = z.union([z.boolean(), z.number().int(), z.string()]);

/**
 * `user_settings` (op `update`): one of the user's settings changed, sent to all of that user's
 * queues (the other tabs follow it).
 */
export const userSettingsEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("user_settings"),
  op: z.literal("update"),
  property: z.string(),
  value: settingValueSchema,
  /** Only for `default_language`: the language's name in English. */
  language_name: z.string().optional(),
});
export type UserSettingsEvent = z.infer<typeof userSettingsEventSchema>;

/**
 * [OLD] `update_display_settings`: the same change for queues registered without the
 * `user_settings_object` capability (deprecated in FL 89).
 */
export const updateDisplaySettingsEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("update_display_settings"),
  user: z.string(),
  setting_name: z.string(),
  setting: settingValueSchema,
  language_name: z.string().optional(),
});
export type UpdateDisplaySettingsEvent = z.infer<typeof updateDisplaySettingsEventSchema>;

/**
 * [OLD] `update_global_notifications`: a notification setting changed, for queues registered
 * without the `user_settings_object` capability (deprecated in FL 89).
 */
export const updateGlobalNotificationsEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("update_global_notifications"),
  user: z.string(),
  notification_name: z.string(),
  setting: settingValueSchema,
});
export type UpdateGlobalNotificationsEvent = z.infer<typeof updateGlobalNotificationsEventSchema>;

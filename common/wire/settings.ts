import { z } from "zod";

/**
 * The user's own settings (Zulip's `user_settings` object of `POST /register`, FL 89), as far as
 * Parley reads them; a real Zulip sends many more, which pass through.
 */
export const userSettingsSchema = z.looseObject({
  /** Emoticons like `:)` in this user's messages become emoji when rendered. Zulip's default: off. */
  translate_emoticons: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

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

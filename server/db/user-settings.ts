import type { UserSettings } from "../../common/wire/settings";
import type { Queryable } from "./database";

/** How one stored setting is checked, and which legacy event (if any) an old client gets for it. */
export type SettingType =
  | { readonly kind: "bool" }
  | { readonly kind: "int"; readonly choices: readonly number[] }
  | { readonly kind: "range"; readonly min: number; readonly max: number }
  | { readonly kind: "string"; readonly choices: readonly string[] };

/**
 * Zulip's groups of settings: a display setting reaches a client without the
 * `user_settings_object` capability as `update_display_settings` and at the top level of its
 * register answer, a notification setting as `update_global_notifications`; a modern one only
 * as `user_settings`.
 */
export type SettingGroup = "display" | "notification" | "modern";

const BOOL = { kind: "bool" } as const;

/**
 * The settings stored (migrations 0006, 0014), each a column of `users` named as in Zulip's API,
 * with its type and group (Zulip's `UserBaseSettings.property_types`). Only these names ever
 * reach SQL as identifiers. `web_font_size_px` and `web_line_height_percent` are only integers
 * for Zulip; Parley keeps them to sizes the app can be used at.
 */
export const USER_SETTING_TYPES = {
  translate_emoticons: { type: BOOL, group: "display" },
  twenty_four_hour_time: { type: BOOL, group: "display" },
  enter_sends: { type: BOOL, group: "display" },
  color_scheme: { type: { kind: "int", choices: [1, 2, 3] }, group: "display" },
  web_home_view: {
    type: { kind: "string", choices: ["inbox", "recent_topics", "all_messages"] },
    group: "display",
  },
  web_font_size_px: { type: { kind: "range", min: 10, max: 32 }, group: "modern" },
  web_line_height_percent: { type: { kind: "range", min: 100, max: 250 }, group: "modern" },
  enable_stream_desktop_notifications: { type: BOOL, group: "notification" },
  enable_stream_audible_notifications: { type: BOOL, group: "notification" },
  enable_followed_topic_desktop_notifications: { type: BOOL, group: "modern" },
  enable_followed_topic_audible_notifications: { type: BOOL, group: "modern" },
  enable_desktop_notifications: { type: BOOL, group: "notification" },
  enable_sounds: { type: BOOL, group: "notification" },
} as const satisfies Readonly<
  Partial<Record<keyof UserSettings, { type: SettingType; group: SettingGroup }>>
>;

/** A stored setting's name. */
export type UserSettingName = keyof typeof USER_SETTING_TYPES;

/** The stored settings' names, in a fixed order. */
export const STORED_USER_SETTINGS = Object.keys(USER_SETTING_TYPES) as UserSettingName[];

/** The settings of a person who changed none (Zulip's defaults; Parley's for `enter_sends`). */
export const DEFAULT_USER_SETTINGS: Pick<UserSettings, UserSettingName> = {
  translate_emoticons: false,
  twenty_four_hour_time: false,
  enter_sends: true,
  color_scheme: 1,
  web_home_view: "inbox",
  web_font_size_px: 16,
  web_line_height_percent: 140,
  enable_stream_desktop_notifications: false,
  enable_stream_audible_notifications: false,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_desktop_notifications: true,
  enable_sounds: true,
};

/** A user's stored settings; the defaults for an id no user has (e.g. the demo seed's 0). */
export async function loadUserSettings(db: Queryable, userId: number): Promise<UserSettings> {
  const [row] = await db.query<UserSettings>(
    `SELECT ${STORED_USER_SETTINGS.join(", ")} FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? { ...DEFAULT_USER_SETTINGS };
}

/** Sets one setting; true when its value changed. */
export async function storeUserSetting<K extends UserSettingName>(
  db: Queryable,
  userId: number,
  name: K,
  value: UserSettings[K],
): Promise<boolean> {
  if (!STORED_USER_SETTINGS.includes(name)) throw new Error(`not a stored setting: ${name}`);
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET ${name} = $2 WHERE id = $1 AND ${name} IS DISTINCT FROM $2 RETURNING id`,
    [userId, value],
  );
  return rows.length > 0;
}

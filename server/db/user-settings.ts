import type { UserSettings } from "../../common/wire/settings";
import type { Queryable } from "./database";

/**
 * The settings stored (migration 0006 and later), each a column of `users` named as in Zulip's
 * API. Only these names ever reach SQL as identifiers.
 */
export const STORED_USER_SETTINGS = [
  "translate_emoticons",
] as const satisfies readonly (keyof UserSettings)[];

/** A stored setting's name. */
export type UserSettingName = (typeof STORED_USER_SETTINGS)[number];

/** A user's stored settings; Zulip's defaults for an id no user has (e.g. the demo seed's 0). */
export async function loadUserSettings(db: Queryable, userId: number): Promise<UserSettings> {
  const [row] = await db.query<UserSettings>(
    `SELECT ${STORED_USER_SETTINGS.join(", ")} FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? { translate_emoticons: false };
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

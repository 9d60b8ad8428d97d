import type { UserSettings } from "../../common/wire/settings";
import type { AppContext } from "../context";
import {
  STORED_USER_SETTINGS,
  storeUserSetting,
  USER_SETTING_TYPES,
  type UserSettingName,
} from "../db/user-settings";
import type { UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/** What one `PATCH /settings` asks for: a value for some stored settings, the rest unchanged. */
export type UserSettingsChange = Partial<Pick<UserSettings, UserSettingName>>;

/** The capability with which a queue takes `user_settings` events instead of the legacy ones. */
const USER_SETTINGS_OBJECT = "user_settings_object";

/**
 * `PATCH /settings` for the settings Parley stores (Zulip's `json_change_settings`): each one
 * whose value differs is written, all in one transaction, and then announced to every queue of
 * the user with a `user_settings` event (`op: "update"`, `property`, `value`), and to the queues
 * registered without the `user_settings_object` capability also with the legacy event of the
 * setting's group (`update_display_settings` for a display setting,
 * `update_global_notifications` for a notification setting, none for a modern one), as Zulip's
 * `do_change_user_setting` does. A value equal to the current one changes nothing and sends
 * nothing. Bots are refused, as Zulip's `@human_users_only` does. The sender's
 * `translate_emoticons` applies to the next message rendered (sending or editing), not to those
 * already sent.
 */
export async function updateUserSettings(
  ctx: AppContext,
  user: UserRow,
  change: UserSettingsChange,
): Promise<void> {
  if (user.is_bot) throw badRequest("This endpoint does not accept bot requests.");
  const changed = await ctx.db.transaction(async (tx) => {
    const written: { name: UserSettingName; value: UserSettings[UserSettingName] }[] = [];
    for (const name of STORED_USER_SETTINGS) {
      const value = change[name];
      if (value !== undefined && (await storeUserSetting(tx, user.id, name, value))) {
        written.push({ name, value });
      }
    }
    return written;
  });
  if (changed.length > 0) ctx.renderContext.senderSettingsChanged(user.id);
  for (const { name, value } of changed) {
    ctx.queues.publish([user.id], () => ({
      type: "user_settings",
      op: "update",
      property: name,
      value,
    }));
    const group = USER_SETTING_TYPES[name].group;
    if (group === "modern") continue;
    ctx.queues.publish([user.id], (queue) => {
      if (queue.options.capabilities[USER_SETTINGS_OBJECT] === true) return null;
      return group === "display"
        ? { type: "update_display_settings", user: user.email, setting_name: name, setting: value }
        : {
            type: "update_global_notifications",
            user: user.email,
            notification_name: name,
            setting: value,
          };
    });
  }
}

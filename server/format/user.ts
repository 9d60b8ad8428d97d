import type { User } from "../../common/wire/users";
import type { UserRow } from "../db/users";
import { ROLE } from "../db/users";
import { avatarUrl } from "./message";

/** A user as Zulip lists them in `realm_users`, `GET /users` and `GET /users/me`. */
export function formatUser(user: UserRow): User {
  return {
    user_id: user.id,
    email: user.email,
    delivery_email: null,
    full_name: user.full_name,
    avatar_url: avatarUrl(user.id),
    avatar_version: 1,
    role: user.role,
    is_owner: user.role === ROLE.owner,
    is_admin: user.role <= ROLE.administrator,
    is_guest: user.role === ROLE.guest,
    is_billing_admin: false,
    is_bot: user.is_bot,
    ...(user.is_bot ? { bot_type: user.bot_type, bot_owner_id: user.bot_owner_id } : {}),
    is_active: user.is_active,
    timezone: user.timezone,
    date_joined: new Date(user.date_joined * 1000).toISOString(),
    profile_data: {},
  };
}

/** A system bot as Zulip lists it in register's `cross_realm_bots`. */
export function formatSystemBot(user: UserRow): User {
  return { ...formatUser(user), is_system_bot: true };
}

import { z } from "zod";
import { successSchema } from "./common";

/** Zulip's role values: a lower value may do more (an owner is also an administrator…). */
export const ROLE = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const;

/** A Zulip role value (`ROLE`). */
const roleSchema = z.number().int();

/** A user as listed in `realm_users`, `GET /users`, `GET /users/{id}` and `realm_user` `add`. */
export const userSchema = z.looseObject({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable().optional(),
  role: roleSchema,
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  /** Absent from `realm_users` on real Zulip (everyone listed there is active). */
  is_active: z.boolean().optional(),
  timezone: z.string().optional(),
  date_joined: z.string().optional(),
  delivery_email: z.string().nullable().optional(),
  avatar_version: z.number().int().optional(),
  is_billing_admin: z.boolean().optional(),
  bot_type: z.number().int().nullable().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
  /** Only in register's `cross_realm_bots`: Zulip's system bots (the Notification Bot). */
  is_system_bot: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * `GET /users/me`: Zulip's fields plus the spec's. `short_name`, `client_id` and `pointer` are
 * the spec's (older API) and real Zulip 9 no longer sends them, so they are optional here.
 */
export const ownProfileSchema = userSchema.extend({
  short_name: z.string().optional(),
  client_id: z.string().optional(),
  pointer: z.number().int().optional(),
  max_message_id: z.number().int().optional(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** One entry of `GET /dev_list_users`. */
export const devUserSchema = z.looseObject({ email: z.string(), realm_uri: z.string() });

/** `GET /users`: every user, deactivated ones included (`is_active` false). */
export const getUsersResponseSchema = successSchema({ members: z.array(userSchema) });
export type GetUsersResponse = z.infer<typeof getUsersResponseSchema>;

/** `GET /users/{user_id}` and `GET /users/{email}`. */
export const getUserResponseSchema = successSchema({ user: userSchema });
export type GetUserResponse = z.infer<typeof getUserResponseSchema>;

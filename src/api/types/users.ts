import { z } from "zod";

/** Zulip role values: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
export const roleSchema = z.number().int();

/** A user as listed in `realm_users` and `GET /users`. */
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
  is_active: z.boolean().optional(),
  timezone: z.string().optional(),
  date_joined: z.string().optional(),
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

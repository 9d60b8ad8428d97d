import { z } from "zod";
import { normalizeLinkifierWire } from "./compat";
import { successSchema } from "./common";

/** A custom emoji as `GET /realm/emoji`, `realm_emoji` state and events carry it. */
const realmEmojiSchema = z.looseObject({
  /** The same as its key in the dict, as a string. */
  id: z.string(),
  name: z.string(),
  /** Relative to the organisation's URL. */
  source_url: z.string(),
  /** A still image of an animated emoji; null or absent otherwise. */
  still_url: z.string().nullable().optional(),
  deactivated: z.boolean(),
  /** Zulip's field: who uploaded it (null for the system bot's). */
  author_id: z.number().int().nullable(),
  /** The spec's field; Parley's server sends both. */
  author: z
    .looseObject({ id: z.number().int(), email: z.string(), full_name: z.string() })
    .nullable()
    .optional(),
});
export type RealmEmoji = z.infer<typeof realmEmojiSchema>;

/** Every custom emoji, deactivated ones included, keyed by id. */
export const realmEmojiMapSchema = z.record(z.string(), realmEmojiSchema);
export type RealmEmojiMap = z.infer<typeof realmEmojiMapSchema>;

const linkifierObjectSchema = z.looseObject({
  id: z.number().int(),
  pattern: z.string(),
  url_template: z.string(),
});
/**
 * A linkifier (FL ≥ 176 form): `url_template` is RFC 6570 (`{id}`). An older server's
 * `url_format_string` (`%(id)s`) arrives as `url_template` (see normalizeLinkifierWire).
 */
export const linkifierSchema = z.preprocess(normalizeLinkifierWire, linkifierObjectSchema);
export type Linkifier = z.infer<typeof linkifierObjectSchema>;

/** The [OLD] linkifier tuple of `realm_filters`: pattern, `%(name)s` format string, id. */
export const oldFilterSchema = z.tuple([z.string(), z.string(), z.number().int()]);
export type OldFilter = z.infer<typeof oldFilterSchema>;

/** A user group as `GET /user_groups`, `realm_user_groups` and `user_group` `add` carry it. */
export const userGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Direct members only; members of subgroups are not listed. */
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  /** `role:everyone` and the like: not editable, usually not shown. */
  is_system_group: z.boolean(),
  /** Zulip 10: sent only to clients that asked for deactivated groups too. */
  deactivated: z.boolean().optional(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

/** `GET /realm/emoji`. */
export const getCustomEmojiResponseSchema = successSchema({ emoji: realmEmojiMapSchema });
export type GetCustomEmojiResponse = z.infer<typeof getCustomEmojiResponseSchema>;

/** `GET /realm/linkifiers`: in the order they apply. */
export const getLinkifiersResponseSchema = successSchema({ linkifiers: z.array(linkifierSchema) });
export type GetLinkifiersResponse = z.infer<typeof getLinkifiersResponseSchema>;

/**
 * [OLD] `GET /realm/filters`: the linkifiers as tuples. Zulip answers 405 since FL 54; Parley's
 * server still answers it for zulip-js.
 */
export const getOldFiltersResponseSchema = successSchema({ filters: z.array(oldFilterSchema) });

/** `POST /realm/filters`: the new linkifier's id. */
export const addLinkifierResponseSchema = successSchema({ id: z.number().int() });
export type AddLinkifierResponse = z.infer<typeof addLinkifierResponseSchema>;

/** `GET /user_groups`. */
export const getUserGroupsResponseSchema = successSchema({
  user_groups: z.array(userGroupSchema),
});
export type GetUserGroupsResponse = z.infer<typeof getUserGroupsResponseSchema>;

/** `GET /user_groups/{user_group_id}/members`: the members' ids (direct ones only if asked). */
export const getUserGroupMembersResponseSchema = successSchema({
  members: z.array(z.number().int()),
});

/** `POST /user_groups/create`: `group_id` since FL 317 (Parley's server sends it). */
export const createUserGroupResponseSchema = successSchema({
  group_id: z.number().int().optional(),
});
export type CreateUserGroupResponse = z.infer<typeof createUserGroupResponseSchema>;

// Events about the organisation: subscriptions, streams, users, emoji, linkifiers, groups and
// presence. Shapes are those of Parley's server (server/actions/*.ts) and Zulip 9's OpenAPI.
import { z } from "zod";
import { clientPresenceSchema } from "./presence";
import { linkifierSchema, oldFilterSchema, realmEmojiMapSchema, userGroupSchema } from "./realm";
import { streamSchema, subscriptionSchema } from "./streams";
import { userSchema } from "./users";

const id = z.number().int();
const ids = z.array(z.number().int());
/** A property's new value (`subscription` and `stream` `update`); null for "inherit" settings. */
const propertyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

function subscriptionOp<Op extends string, T extends z.ZodRawShape>(op: Op, shape: T) {
  return z.looseObject({ id, type: z.literal("subscription"), op: z.literal(op), ...shape });
}

/**
 * `subscription`: the user's own subscriptions added (full objects) or removed (`stream_id`,
 * `name`), a personal property changed (`update`), or other users joined or left streams
 * (`peer_add`/`peer_remove`).
 */
export const subscriptionEventSchema = z.discriminatedUnion("op", [
  subscriptionOp("add", { subscriptions: z.array(subscriptionSchema) }),
  subscriptionOp("remove", {
    subscriptions: z.array(z.looseObject({ stream_id: id, name: z.string() })),
  }),
  subscriptionOp("update", { stream_id: id, property: z.string(), value: propertyValue }),
  subscriptionOp("peer_add", { stream_ids: ids, user_ids: ids }),
  subscriptionOp("peer_remove", { stream_ids: ids, user_ids: ids }),
]);
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

function streamOp<Op extends string, T extends z.ZodRawShape>(op: Op, shape: T) {
  return z.looseObject({ id, type: z.literal("stream"), op: z.literal(op), ...shape });
}

/** `stream`: streams that became visible (`create`) or invisible (`delete`), or a changed property. */
export const streamEventSchema = z.discriminatedUnion("op", [
  streamOp("create", { streams: z.array(streamSchema) }),
  streamOp("delete", { streams: z.array(streamSchema) }),
  streamOp("update", {
    stream_id: id,
    name: z.string(),
    property: z.string(),
    value: propertyValue,
    /** With `description`. */
    rendered_description: z.string().optional(),
    /** With `invite_only`. */
    history_public_to_subscribers: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
  }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** The changed fields of a `realm_user` `update`: `user_id` and one group of fields. */
const userUpdateSchema = z.looseObject({
  user_id: id,
  full_name: z.string().optional(),
  avatar_url: z.string().nullable().optional(),
  avatar_version: z.number().int().optional(),
  timezone: z.string().optional(),
  role: z.number().int().optional(),
  is_billing_admin: z.boolean().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
  delivery_email: z.string().nullable().optional(),
  /** The user's API email changed to this. */
  new_email: z.string().optional(),
  is_active: z.boolean().optional(),
});

function realmUserOp<Op extends string, T extends z.ZodRawShape>(op: Op, shape: T) {
  return z.looseObject({ id, type: z.literal("realm_user"), op: z.literal(op), ...shape });
}

/** `realm_user`: a user joined (or became visible), changed, or became invisible. */
export const realmUserEventSchema = z.discriminatedUnion("op", [
  realmUserOp("add", { person: userSchema }),
  realmUserOp("update", { person: userUpdateSchema }),
  realmUserOp("remove", { person: z.looseObject({ user_id: id }) }),
]);
export type RealmUserEvent = z.infer<typeof realmUserEventSchema>;

/** `realm_emoji` `update`: the whole new dict, deactivated emoji included. */
export const realmEmojiEventSchema = z.looseObject({
  id,
  type: z.literal("realm_emoji"),
  op: z.literal("update"),
  realm_emoji: realmEmojiMapSchema,
});
export type RealmEmojiEvent = z.infer<typeof realmEmojiEventSchema>;

/** `realm_linkifiers`: the whole new list (queues with the `linkifier_url_template` capability). */
export const realmLinkifiersEventSchema = z.looseObject({
  id,
  type: z.literal("realm_linkifiers"),
  realm_linkifiers: z.array(linkifierSchema),
});
export type RealmLinkifiersEvent = z.infer<typeof realmLinkifiersEventSchema>;

/** [OLD] `realm_filters`: the whole list as tuples (queues without that capability). */
export const realmFiltersEventSchema = z.looseObject({
  id,
  type: z.literal("realm_filters"),
  realm_filters: z.array(oldFilterSchema),
});
export type RealmFiltersEvent = z.infer<typeof realmFiltersEventSchema>;

function userGroupOp<Op extends string, T extends z.ZodRawShape>(op: Op, shape: T) {
  return z.looseObject({ id, type: z.literal("user_group"), op: z.literal(op), ...shape });
}

/** `user_group`: a group created, changed, its members or subgroups changed, or removed. */
export const userGroupEventSchema = z.discriminatedUnion("op", [
  userGroupOp("add", { group: userGroupSchema }),
  userGroupOp("update", {
    group_id: id,
    data: z.looseObject({
      name: z.string().optional(),
      description: z.string().optional(),
      /** Zulip 10, to clients with `include_deactivated_groups` (others get `remove`). */
      deactivated: z.boolean().optional(),
    }),
  }),
  userGroupOp("add_members", { group_id: id, user_ids: ids }),
  userGroupOp("remove_members", { group_id: id, user_ids: ids }),
  userGroupOp("add_subgroups", { group_id: id, direct_subgroup_ids: ids }),
  userGroupOp("remove_subgroups", { group_id: id, direct_subgroup_ids: ids }),
  userGroupOp("remove", { group_id: id }),
]);
export type UserGroupEvent = z.infer<typeof userGroupEventSchema>;

/** `presence`: a user came online, or one of their clients changed status. */
export const presenceEventSchema = z.looseObject({
  id,
  type: z.literal("presence"),
  user_id: id,
  /** Not sent to `slim_presence` queues. */
  email: z.string().optional(),
  server_timestamp: z.number(),
  /** The reporting client's entry, keyed by client name. */
  presence: z.record(z.string(), clientPresenceSchema),
});
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

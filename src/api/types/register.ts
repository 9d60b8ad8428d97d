import { z } from "zod";
import { subscriptionSchema, streamSchema } from "./streams";
import { userSchema } from "./users";

export const unreadStreamSchema = z.looseObject({
  stream_id: z.number().int(),
  topic: z.string(),
  unread_message_ids: z.array(z.number().int()),
});
export const unreadDirectSchema = z.looseObject({
  other_user_id: z.number().int(),
  unread_message_ids: z.array(z.number().int()),
});
export const unreadGroupSchema = z.looseObject({
  user_ids_string: z.string(),
  unread_message_ids: z.array(z.number().int()),
});

/** `unread_msgs` of `register`: unread message ids by stream/topic, conversation and group. */
export const unreadMessagesSchema = z.looseObject({
  count: z.number().int(),
  streams: z.array(unreadStreamSchema),
  pms: z.array(unreadDirectSchema),
  huddles: z.array(unreadGroupSchema),
  mentions: z.array(z.number().int()),
  old_unreads_missing: z.boolean(),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/**
 * `POST /register`: the snapshot atomic with the new queue. Keys beyond `queue_id` and
 * `last_event_id` depend on `fetch_event_types`, so they are optional here.
 */
export const registerResponseSchema = z.looseObject({
  queue_id: z.string(),
  last_event_id: z.number().int(),
  zulip_version: z.string(),
  zulip_feature_level: z.number().int(),
  user_id: z.number().int().optional(),
  email: z.string().optional(),
  full_name: z.string().optional(),
  is_admin: z.boolean().optional(),
  max_message_id: z.number().int().optional(),
  event_queue_longpoll_timeout_seconds: z.number().optional(),
  max_topic_length: z.number().int().optional(),
  max_message_length: z.number().int().optional(),
  realm_name: z.string().optional(),
  subscriptions: z.array(subscriptionSchema).optional(),
  unsubscribed: z.array(subscriptionSchema).optional(),
  never_subscribed: z.array(streamSchema).optional(),
  realm_users: z.array(userSchema).optional(),
  unread_msgs: unreadMessagesSchema.optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

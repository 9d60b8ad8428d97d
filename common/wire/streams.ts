import { z } from "zod";
import { successSchema } from "./common";

/** A subscription as in `register`'s `subscriptions` and `GET /users/me/subscriptions`. */
export const subscriptionSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rendered_description: z.string().optional(),
  invite_only: z.boolean(),
  is_web_public: z.boolean().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  date_created: z.number().int().optional(),
  color: z.string(),
  is_muted: z.boolean(),
  pin_to_top: z.boolean(),
  in_home_view: z.boolean().optional(),
  /** Per-stream notification settings; null: the user's default applies. */
  desktop_notifications: z.boolean().nullable().optional(),
  audible_notifications: z.boolean().nullable().optional(),
  push_notifications: z.boolean().nullable().optional(),
  email_notifications: z.boolean().nullable().optional(),
  wildcard_mentions_notify: z.boolean().nullable().optional(),
  subscribers: z.array(z.number().int()).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A stream as in `GET /streams`, `register`'s `streams` and `never_subscribed`, `stream` events. */
export const streamSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  invite_only: z.boolean(),
  rendered_description: z.string().optional(),
  date_created: z.number().int().optional(),
  is_web_public: z.boolean().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  first_message_id: z.number().int().nullable().optional(),
  stream_post_policy: z.number().int().optional(),
  message_retention_days: z.number().int().nullable().optional(),
  /** `never_subscribed` entries carry it when `include_subscribers` was asked for. */
  subscribers: z.array(z.number().int()).optional(),
});
export type Stream = z.infer<typeof streamSchema>;

/** One entry of `GET /users/me/{stream_id}/topics`. */
const topicSchema = z.looseObject({
  name: z.string(),
  /** The newest message of the topic the caller may see. */
  max_id: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;

/** `GET /streams`. */
export const getStreamsResponseSchema = successSchema({ streams: z.array(streamSchema) });
export type GetStreamsResponse = z.infer<typeof getStreamsResponseSchema>;

/** `GET /users/me/{stream_id}/topics`: newest topic first. */
export const getStreamTopicsResponseSchema = successSchema({ topics: z.array(topicSchema) });
export type GetStreamTopicsResponse = z.infer<typeof getStreamTopicsResponseSchema>;

/** `GET /streams/{stream_id}/members`: the ids of the stream's subscribers. */
export const getStreamMembersResponseSchema = successSchema({
  subscribers: z.array(z.number().int()),
});

/** User (email, or id since FL 289) → stream names. */
const streamNamesByUserSchema = z.record(z.string(), z.array(z.string()));

/** `POST /users/me/subscriptions`; `unauthorized` only when authorization errors are not fatal. */
export const subscribeResponseSchema = successSchema({
  subscribed: streamNamesByUserSchema,
  already_subscribed: streamNamesByUserSchema,
  unauthorized: z.array(z.string()).optional(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** `DELETE /users/me/subscriptions`: Zulip says `not_removed`, the spec `not_subscribed`. */
export const unsubscribeResponseSchema = successSchema({
  removed: z.array(z.string()),
  not_removed: z.array(z.string()),
  not_subscribed: z.array(z.string()).optional(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

import { z } from "zod";
import { normalizeFeatureLevelWire } from "./compat";
import { successSchema } from "./common";
import { messageSchema, messageSnapshotSchema } from "./message";
import { subscriptionSchema } from "./streams";
import { devUserSchema, ownProfileSchema } from "./users";

/** `GET /server_settings` (no auth): what the client needs to know before logging in. */
export const serverSettingsResponseSchema = z.preprocess(
  normalizeFeatureLevelWire,
  successSchema({
    zulip_version: z.string(),
    zulip_feature_level: z.number().int(),
    realm_name: z.string().optional(),
    realm_url: z.string().optional(),
    realm_uri: z.string().optional(),
  }),
);
export type ServerSettings = z.infer<typeof serverSettingsResponseSchema>;

/** A development login entry; Parley's server adds `full_name`, Zulip's does not. */
const devLoginUserSchema = devUserSchema.extend({ full_name: z.string().optional() });
export type DevLoginUser = z.infer<typeof devLoginUserSchema>;

/** `GET /dev_list_users` (development servers only, no auth). */
export const devListUsersResponseSchema = successSchema({
  direct_admins: z.array(devLoginUserSchema),
  direct_users: z.array(devLoginUserSchema),
});
export type DevListUsersResponse = z.infer<typeof devListUsersResponseSchema>;

/**
 * `POST /fetch_api_key` and `POST /dev_fetch_api_key` (development servers only), both without
 * auth: the same answer. `user_id` since FL 171.
 */
export const fetchApiKeyResponseSchema = successSchema({
  api_key: z.string(),
  email: z.string(),
  user_id: z.number().int(),
});
export type FetchApiKeyResponse = z.infer<typeof fetchApiKeyResponseSchema>;

/** `GET /messages`: a window of a narrow around `anchor`, and whether it reaches either end. */
export const getMessagesResponseSchema = successSchema({
  messages: z.array(messageSchema),
  // Not `.int()`: Zulip resolves "newest" to 10^16, beyond zod's safe-integer bound.
  anchor: z.number(),
  found_anchor: z.boolean(),
  found_oldest: z.boolean(),
  found_newest: z.boolean(),
  history_limited: z.boolean(),
});
export type GetMessagesResponse = z.infer<typeof getMessagesResponseSchema>;

/** `POST /messages`: the id of the new message. */
export const sendMessageResponseSchema = successSchema({ id: z.number().int() });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** `GET /users/me/subscriptions`. */
export const getSubscriptionsResponseSchema = successSchema({
  subscriptions: z.array(subscriptionSchema),
});
export type GetSubscriptionsResponse = z.infer<typeof getSubscriptionsResponseSchema>;

/** `GET /users/me`: the profile inside the success envelope. */
export const getOwnUserResponseSchema = ownProfileSchema.extend({
  result: z.literal("success"),
  msg: z.string(),
});
export type GetOwnUserResponse = z.infer<typeof getOwnUserResponseSchema>;

/** A success with no payload of interest (e.g. `DELETE /events`). */
export const emptySuccessResponseSchema = successSchema({});

/**
 * One term of a narrow as sent to `GET /messages` and `POST /register`. A request's shape, so a
 * type and no schema: the client builds it and nothing parses it with zod (the server's
 * `parseNarrow` also reads Zulip's legacy `[operator, operand]` pairs).
 */
export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated?: boolean | undefined;
}

/** `GET /messages/{id}`: the message (flags inside) and its Markdown source. */
export const getMessageResponseSchema = successSchema({
  message: messageSchema,
  /** Deprecated (FL 120) but still sent by Zulip 9 and Parley. */
  raw_content: z.string().optional(),
});
export type GetMessageResponse = z.infer<typeof getMessageResponseSchema>;

/** `GET /messages/{id}/history`: oldest snapshot (the message as sent) first. */
export const getMessageHistoryResponseSchema = successSchema({
  message_history: z.array(messageSnapshotSchema),
});
export type GetMessageHistoryResponse = z.infer<typeof getMessageHistoryResponseSchema>;

/**
 * `POST /messages/flags`: the spec (and Parley) list the ids whose flag changed; Zulip echoes
 * the request's ids.
 */
export const updateMessageFlagsResponseSchema = successSchema({
  messages: z.array(z.number().int()),
});
export type UpdateMessageFlagsResponse = z.infer<typeof updateMessageFlagsResponseSchema>;

/** `POST /messages/flags/narrow`: what one batch processed, and where the next may start. */
export const updateMessageFlagsForNarrowResponseSchema = successSchema({
  processed_count: z.number().int(),
  updated_count: z.number().int(),
  first_processed_id: z.number().int().nullable(),
  last_processed_id: z.number().int().nullable(),
  found_oldest: z.boolean(),
  found_newest: z.boolean(),
});

/** `POST /mark_all_as_read`: `complete` false means "call again" (Zulip 9 works in batches). */
export const markAllAsReadResponseSchema = successSchema({ complete: z.boolean().optional() });
export type MarkAllAsReadResponse = z.infer<typeof markAllAsReadResponseSchema>;

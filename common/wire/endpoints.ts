import type { z } from "zod";
import type { WithoutKeys } from "./common";
import { getEventsResponseSchema } from "./events";
import {
  getRealmPresenceResponseSchema,
  getUserPresenceResponseSchema,
  updatePresenceResponseSchema,
} from "./presence";
import {
  addLinkifierResponseSchema,
  createUserGroupResponseSchema,
  getCustomEmojiResponseSchema,
  getLinkifiersResponseSchema,
  getOldFiltersResponseSchema,
  getUserGroupMembersResponseSchema,
  getUserGroupsResponseSchema,
} from "./realm";
import { registerResponseSchema } from "./register";
import {
  devListUsersResponseSchema,
  emptySuccessResponseSchema,
  fetchApiKeyResponseSchema,
  getMessageHistoryResponseSchema,
  getMessageResponseSchema,
  getMessagesResponseSchema,
  getOwnUserResponseSchema,
  getSubscriptionsResponseSchema,
  markAllAsReadResponseSchema,
  sendMessageResponseSchema,
  serverSettingsResponseSchema,
  updateMessageFlagsForNarrowResponseSchema,
  updateMessageFlagsResponseSchema,
} from "./responses";
import {
  getStreamMembersResponseSchema,
  getStreamTopicsResponseSchema,
  getStreamsResponseSchema,
  subscribeResponseSchema,
  unsubscribeResponseSchema,
} from "./streams";
import {
  getAttachmentsResponseSchema,
  getFileTemporaryUrlResponseSchema,
  uploadFileResponseSchema,
} from "./uploads";
import { getUserResponseSchema, getUsersResponseSchema } from "./users";

/** The HTTP methods of the API (`OPTIONS` and `HEAD` are answered by the server itself). */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

const empty = emptySuccessResponseSchema;

/**
 * Every endpoint of the API, by path (relative to `/api/v1/`, parameters as `{name}` as in
 * Zulip's OpenAPI description), with the response schema of each method: the one definition of
 * what a response holds. The client's transport (src/api/client.ts) takes a path and method of
 * this table and parses the response with its schema, and the server's handlers
 * (server/routes/) must return their types, so a drift between the two programs is a compile
 * error.
 */
export const ENDPOINTS = {
  server_settings: { GET: serverSettingsResponseSchema },
  dev_list_users: { GET: devListUsersResponseSchema },
  dev_fetch_api_key: { POST: fetchApiKeyResponseSchema },
  fetch_api_key: { POST: fetchApiKeyResponseSchema },
  register: { POST: registerResponseSchema },
  events: { GET: getEventsResponseSchema, DELETE: empty },
  messages: { GET: getMessagesResponseSchema, POST: sendMessageResponseSchema },
  "messages/{message_id}": { GET: getMessageResponseSchema, PATCH: empty, DELETE: empty },
  "messages/{message_id}/history": { GET: getMessageHistoryResponseSchema },
  "messages/{message_id}/reactions": { POST: empty, DELETE: empty },
  "messages/flags": { POST: updateMessageFlagsResponseSchema },
  "messages/flags/narrow": { POST: updateMessageFlagsForNarrowResponseSchema },
  mark_all_as_read: { POST: markAllAsReadResponseSchema },
  mark_stream_as_read: { POST: empty },
  mark_topic_as_read: { POST: empty },
  streams: { GET: getStreamsResponseSchema },
  "users/me/{stream_id}/topics": { GET: getStreamTopicsResponseSchema },
  "streams/{stream_id}/members": { GET: getStreamMembersResponseSchema },
  "users/me/subscriptions": {
    GET: getSubscriptionsResponseSchema,
    POST: subscribeResponseSchema,
    DELETE: unsubscribeResponseSchema,
  },
  "users/me/subscriptions/properties": { POST: empty },
  user_topics: { POST: empty },
  /** The spec's misspelling of the DELETE (Zulip never routed it). */
  "users/me/subcriptions": { DELETE: unsubscribeResponseSchema },
  users: { GET: getUsersResponseSchema },
  "users/me": { GET: getOwnUserResponseSchema },
  "users/{user_id}": { GET: getUserResponseSchema },
  "users/me/presence": { POST: updatePresenceResponseSchema },
  "users/{user_id}/presence": { GET: getUserPresenceResponseSchema },
  "realm/presence": { GET: getRealmPresenceResponseSchema },
  typing: { POST: empty },
  "realm/filters": { GET: getOldFiltersResponseSchema, POST: addLinkifierResponseSchema },
  "realm/filters/{filter_id}": { PATCH: empty, DELETE: empty },
  "realm/linkifiers": { GET: getLinkifiersResponseSchema, PATCH: empty },
  "realm/emoji": { GET: getCustomEmojiResponseSchema },
  "realm/emoji/{emoji_name}": { POST: empty, DELETE: empty },
  user_groups: { GET: getUserGroupsResponseSchema },
  "user_groups/create": { POST: createUserGroupResponseSchema },
  "user_groups/{user_group_id}": { PATCH: empty },
  /** Zulip 10 (feature level 290). */
  "user_groups/{user_group_id}/deactivate": { POST: empty },
  "user_groups/{user_group_id}/members": { GET: getUserGroupMembersResponseSchema, POST: empty },
  settings: { PATCH: empty },
  user_uploads: { POST: uploadFileResponseSchema },
  /**
   * `{filename}` is the rest of the path id (`{2 hex}/{random}/{name}`, slashes included): the
   * client sends it with its slashes encoded, and the server accepts both spellings.
   */
  "user_uploads/{realm_id_str}/{filename}": { GET: getFileTemporaryUrlResponseSchema },
  attachments: { GET: getAttachmentsResponseSchema },
  "attachments/{attachment_id}": { DELETE: empty },
} as const satisfies Readonly<Record<string, Partial<Record<HttpMethod, z.ZodType>>>>;

/** A path of `ENDPOINTS`. */
export type EndpointPath = keyof typeof ENDPOINTS;

/** The methods `path` answers. */
export type EndpointMethod<P extends EndpointPath> = keyof (typeof ENDPOINTS)[P] & HttpMethod;

/** The response of `method` `path` as the client parses it (the server's JSON, envelope included). */
export type EndpointResponse<P extends EndpointPath, M extends EndpointMethod<P>> = z.output<
  (typeof ENDPOINTS)[P][M]
>;

/** What the server's handler of `method` `path` returns: the response without `result`/`msg`. */
export type ResponsePayload<P extends EndpointPath, M extends EndpointMethod<P>> = WithoutKeys<
  EndpointResponse<P, M>,
  "result" | "msg"
>;

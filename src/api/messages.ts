import type { ApiClient, CallOptions } from "./client";
import {
  getMessagesResponseSchema,
  sendMessageResponseSchema,
  type GetMessagesResponse,
  type NarrowTerm,
  type SendMessageResponse,
} from "./types/responses";

/** Where a `GET /messages` window is centred: a message id or one of Zulip's named anchors. */
export type Anchor = number | "newest" | "oldest" | "first_unread";

/** Parameters of `GET /messages`: `num_before + num_after` may not exceed 5000. */
export interface GetMessagesParams {
  anchor: Anchor;
  num_before: number;
  num_after: number;
  narrow?: readonly NarrowTerm[] | undefined;
  include_anchor?: boolean | undefined;
  apply_markdown?: boolean | undefined;
}

/** GET /api/v1/messages — a window of messages of a narrow. */
export function getMessages(
  client: ApiClient,
  params: GetMessagesParams,
  options: CallOptions = {},
): Promise<GetMessagesResponse> {
  return client.request("GET", "messages", {
    params: {
      ...params,
      // Zulip reads `anchor` raw ("newest", "123"), so it must not be JSON-quoted.
      anchor: String(params.anchor),
    },
    schema: getMessagesResponseSchema,
    signal: options.signal,
  });
}

/** Parameters of `POST /messages`. */
export interface SendMessageParams {
  type: "stream" | "direct" | "private";
  /** A stream name (or id) for stream messages; recipient ids or emails for direct ones. */
  to: string | number | readonly number[] | readonly string[];
  topic?: string | undefined;
  content: string;
  /** With `local_id`, makes our own `message` event carry `local_message_id`. */
  queue_id?: string | undefined;
  local_id?: string | undefined;
}

/** POST /api/v1/messages — sends a message; resolves with its new id. */
export function sendMessage(
  client: ApiClient,
  params: SendMessageParams,
  options: CallOptions = {},
): Promise<SendMessageResponse> {
  return client.request("POST", "messages", {
    params: { ...params },
    schema: sendMessageResponseSchema,
    signal: options.signal,
  });
}

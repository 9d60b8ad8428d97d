import type { ApiClient, CallOptions } from "./client";
import type {
  GetMessageHistoryResponse,
  GetMessageResponse,
  GetMessagesResponse,
  NarrowTerm,
  SendMessageResponse,
} from "../../common/wire/responses";

/** Where a `GET /messages` window is centred: a message id or one of Zulip's named anchors. */
type Anchor = number | "newest" | "oldest" | "first_unread";

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
  return client.call("GET", "messages", {
    params: {
      ...params,
      // Zulip reads `anchor` raw ("newest", "123"), so it must not be JSON-quoted.
      anchor: String(params.anchor),
    },
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
  /** Whether the message starts out read for its sender (FL 236); Zulip guesses by client. */
  read_by_sender?: boolean | undefined;
}

/** POST /api/v1/messages — sends a message; resolves with its new id. */
export function sendMessage(
  client: ApiClient,
  params: SendMessageParams,
  options: CallOptions = {},
): Promise<SendMessageResponse> {
  return client.call("POST", "messages", {
    params: { ...params },
    signal: options.signal,
  });
}

/** GET /api/v1/messages/{message_id} — one message (with the caller's flags) and its Markdown. */
export function getMessage(
  client: ApiClient,
  params: { message_id: number; apply_markdown?: boolean | undefined },
  options: CallOptions = {},
): Promise<GetMessageResponse> {
  const { message_id, ...query } = params;
  return client.call("GET", "messages/{message_id}", {
    path: { message_id },
    params: query,
    signal: options.signal,
  });
}

/** How far a topic or stream move reaches from the edited message. */
type PropagateMode = "change_one" | "change_later" | "change_all";

/** Parameters of `PATCH /messages/{id}`: new content, and/or a move to a topic or stream. */
export interface UpdateMessageParams {
  message_id: number;
  content?: string | undefined;
  topic?: string | undefined;
  stream_id?: number | undefined;
  propagate_mode?: PropagateMode | undefined;
  send_notification_to_old_thread?: boolean | undefined;
  send_notification_to_new_thread?: boolean | undefined;
}

/** PATCH /api/v1/messages/{message_id} — edits content and/or moves; the event tells the result. */
export async function updateMessage(
  client: ApiClient,
  params: UpdateMessageParams,
  options: CallOptions = {},
): Promise<void> {
  const { message_id, ...body } = params;
  await client.call("PATCH", "messages/{message_id}", {
    path: { message_id },
    params: body,
    signal: options.signal,
  });
}

/** DELETE /api/v1/messages/{message_id} — deletes a message for everyone, for good. */
export async function deleteMessage(
  client: ApiClient,
  params: { message_id: number },
  options: CallOptions = {},
): Promise<void> {
  await client.call("DELETE", "messages/{message_id}", {
    path: params,
    signal: options.signal,
  });
}

/** GET /api/v1/messages/{message_id}/history — the edit snapshots, the original first. */
export function getMessageHistory(
  client: ApiClient,
  params: { message_id: number },
  options: CallOptions = {},
): Promise<GetMessageHistoryResponse> {
  return client.call("GET", "messages/{message_id}/history", {
    path: params,
    signal: options.signal,
  });
}

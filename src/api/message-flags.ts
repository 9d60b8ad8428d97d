import type { ApiClient, CallOptions } from "./client";
import type {
  MarkAllAsReadResponse,
  UpdateMessageFlagsResponse,
} from "../../common/wire/responses";

/** Parameters of `POST /messages/flags`; only `read`, `starred` and `collapsed` are editable. */
export interface UpdateMessageFlagsParams {
  messages: readonly number[];
  op: "add" | "remove";
  flag: string;
}

/** POST /api/v1/messages/flags — adds or removes a flag on the listed messages. */
export function updateMessageFlags(
  client: ApiClient,
  params: UpdateMessageFlagsParams,
  options: CallOptions = {},
): Promise<UpdateMessageFlagsResponse> {
  return client.call("POST", "messages/flags", {
    params: { ...params },
    signal: options.signal,
  });
}

/** POST /api/v1/mark_all_as_read — `complete: false` means more remain: call again. */
export function markAllAsRead(
  client: ApiClient,
  options: CallOptions = {},
): Promise<MarkAllAsReadResponse> {
  return client.call("POST", "mark_all_as_read", {
    signal: options.signal,
  });
}

/** POST /api/v1/mark_stream_as_read — marks every message of the stream read. */
export async function markStreamAsRead(
  client: ApiClient,
  params: { stream_id: number },
  options: CallOptions = {},
): Promise<void> {
  await client.call("POST", "mark_stream_as_read", {
    params,
    signal: options.signal,
  });
}

/** POST /api/v1/mark_topic_as_read — marks every message of one topic read. */
export async function markTopicAsRead(
  client: ApiClient,
  params: { stream_id: number; topic_name: string },
  options: CallOptions = {},
): Promise<void> {
  await client.call("POST", "mark_topic_as_read", {
    params,
    signal: options.signal,
  });
}

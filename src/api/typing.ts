import type { ApiClient, CallOptions } from "./client";

/** Parameters of `POST /typing`: a direct conversation by user ids, or a stream topic. */
export type SetTypingStatusParams =
  | { op: "start" | "stop"; type: "direct"; to: readonly number[] }
  | { op: "start" | "stop"; type: "stream"; stream_id: number; topic: string };

/** POST /api/v1/typing — tells the others the caller started or stopped composing. */
export async function setTypingStatus(
  client: ApiClient,
  params: SetTypingStatusParams,
  options: CallOptions = {},
): Promise<void> {
  await client.call("POST", "typing", {
    params: { ...params },
    signal: options.signal,
  });
}

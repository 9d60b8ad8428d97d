import type { ApiClient, CallOptions } from "./client";
import type { GetStreamsResponse, GetStreamTopicsResponse } from "../../common/wire/streams";

/** Which streams `GET /streams` lists; by default public and subscribed ones. */
export interface GetStreamsParams {
  include_public?: boolean | undefined;
  include_web_public?: boolean | undefined;
  include_subscribed?: boolean | undefined;
  /** Administrators only. */
  include_all_active?: boolean | undefined;
  include_default?: boolean | undefined;
  include_owner_subscribed?: boolean | undefined;
}

/** GET /api/v1/streams — the streams the caller can see. */
export function getStreams(
  client: ApiClient,
  params: GetStreamsParams = {},
  options: CallOptions = {},
): Promise<GetStreamsResponse> {
  return client.call("GET", "streams", {
    params: { ...params },
    signal: options.signal,
  });
}

/** GET /api/v1/users/me/{stream_id}/topics — the stream's topics, newest first. */
export function getStreamTopics(
  client: ApiClient,
  params: { stream_id: number },
  options: CallOptions = {},
): Promise<GetStreamTopicsResponse> {
  return client.call("GET", "users/me/{stream_id}/topics", {
    path: params,
    signal: options.signal,
  });
}

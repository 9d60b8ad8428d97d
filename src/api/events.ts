import type { ApiClient, CallOptions } from "./client";
import type { RegisterResponse } from "../../common/wire/register";
import type { NarrowTerm } from "../../common/wire/responses";
import type { EndpointResponse } from "../../common/wire/endpoints";

/** `GET /events`: `events` still unparsed, one schema per event later. */
export type GetEventsResponse = EndpointResponse<"events", "GET">;

/** Parameters of `POST /register` (each JSON-encoded on the wire). */
export interface RegisterQueueParams {
  apply_markdown?: boolean | undefined;
  client_gravatar?: boolean | undefined;
  slim_presence?: boolean | undefined;
  /** Event types the queue receives; omitted means all. */
  event_types?: readonly string[] | undefined;
  fetch_event_types?: readonly string[] | undefined;
  narrow?: readonly NarrowTerm[] | undefined;
  client_capabilities?: Readonly<Record<string, boolean>> | undefined;
  /** Lists each stream's `subscribers` in the snapshot (kept current by `peer_*` events). */
  include_subscribers?: boolean | undefined;
}

/** POST /api/v1/register — creates an event queue and returns the state snapshot atomic with it. */
export function registerQueue(
  client: ApiClient,
  params: RegisterQueueParams,
  options: CallOptions = {},
): Promise<RegisterResponse> {
  return client.call("POST", "register", {
    params: { ...params },
    signal: options.signal,
  });
}

/** Parameters of `GET /events`. */
export interface GetEventsParams {
  queue_id: string;
  /** The highest event id already applied; the server prunes up to it. */
  last_event_id: number;
  dont_block?: boolean | undefined;
}

/**
 * GET /api/v1/events — long-polls the queue. Events are left unparsed (`unknown[]`) so each can
 * be validated on its own. `timeoutMs` must exceed the server's long-poll timeout.
 */
export function getEvents(
  client: ApiClient,
  params: GetEventsParams,
  options: CallOptions & { timeoutMs?: number | undefined } = {},
): Promise<GetEventsResponse> {
  return client.call("GET", "events", {
    params: { ...params },
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}

/** DELETE /api/v1/events — frees the queue; sent with `keepalive` so it survives page unload. */
export async function deleteQueue(
  client: ApiClient,
  params: { queue_id: string },
  options: CallOptions = {},
): Promise<void> {
  await client.call("DELETE", "events", {
    params,
    signal: options.signal,
    keepalive: true,
  });
}

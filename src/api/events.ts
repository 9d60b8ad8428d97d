import type { ApiClient, CallOptions } from "./client";
import { getEventsResponseSchema } from "../../common/wire/events";
import { registerResponseSchema, type RegisterResponse } from "../../common/wire/register";
import { emptySuccessResponseSchema, type NarrowTerm } from "../../common/wire/responses";
import type { z } from "zod";

/** `GET /events`: `events` still unparsed, one schema per event later. */
export type GetEventsResponse = z.infer<typeof getEventsResponseSchema>;

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
  return client.request("POST", "register", {
    params: { ...params },
    schema: registerResponseSchema,
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
  return client.request("GET", "events", {
    params: { ...params },
    schema: getEventsResponseSchema,
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
  await client.request("DELETE", "events", {
    params,
    schema: emptySuccessResponseSchema,
    signal: options.signal,
    keepalive: true,
  });
}

import {
  ApiError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  hasErrorCode,
} from "../api/errors";
import type { ConnectionInfo } from "../stores/session-store";

/** A handler threw: our state may be corrupt, so it is rebuilt from a new snapshot. */
export class HandlerFailedError extends Error {
  override name = "HandlerFailedError";
}

/**
 * How a failed register or poll is answered (a 401 aside, which stops the machine):
 * `reregister` at once (the server lost our queue), `retry` the same request after a backoff
 * wait (the network or the server is having trouble), or `resync` (drop the queue, wait, register
 * again) when the answer makes no sense or applying it failed, since our state can't be trusted.
 */
export type Recovery = "reregister" | "retry" | "resync";

/** Classifies a failure of the event loop; see `Recovery`. */
export function recoveryFor(error: unknown): Recovery {
  // Matched on the code only: the message is translated text.
  if (hasErrorCode(error, "BAD_EVENT_QUEUE_ID")) return "reregister";
  if (error instanceof NetworkError || error instanceof TimeoutError) return "retry";
  if (error instanceof RateLimitedError) return "retry";
  if (error instanceof ApiError && error.status >= 500) return "retry";
  // Other 4xx, malformed answers, our own handlers failing.
  return "resync";
}

/** A short text for the banner's details. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The connection info after `change`: live clears the outage fields; entering a non-live state
 * from live (or for the first time) stamps `since`, and moving between non-live states keeps it,
 * so "since" is when the outage began.
 */
export function nextConnectionInfo(
  previous: ConnectionInfo,
  change: Partial<ConnectionInfo>,
  now: number,
): ConnectionInfo {
  const merged = { ...previous, ...change };
  if (merged.state === "live") {
    return { ...merged, since: null, nextAttemptAt: null, lastError: null };
  }
  const isOutageStart = previous.state === "live" || merged.since === null;
  return { ...merged, since: isOutageStart ? now : merged.since };
}

/** Field-by-field equality, so unchanged info is not reported again. */
export function isSameConnection(a: ConnectionInfo, b: ConnectionInfo): boolean {
  return (
    a.state === b.state &&
    a.since === b.since &&
    a.nextAttemptAt === b.nextAttemptAt &&
    a.failures === b.failures &&
    a.lastError === b.lastError
  );
}

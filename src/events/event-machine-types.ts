import type { CallOptions } from "../api/client";
import type { UnauthorizedError } from "../api/errors";
import type { GetEventsParams, GetEventsResponse, RegisterQueueParams } from "../api/events";
import type { RegisterResponse } from "../../common/wire/register";
import type { ConnectionInfo, ConnectionState } from "../stores/session-store";
import type { EventBatch, Warn } from "./event-batch";
import type { SetTimer } from "../lib/timer";
import type { VisibilitySource } from "./wake-detector";

/** The endpoints the machine calls, already bound to a client. */
export interface EventMachineApi {
  registerQueue(params: RegisterQueueParams, options: CallOptions): Promise<RegisterResponse>;
  getEvents(
    params: GetEventsParams,
    options: CallOptions & { timeoutMs?: number | undefined },
  ): Promise<GetEventsResponse>;
  deleteQueue(params: { queue_id: string }): Promise<void>;
}

/** What the machine reports to; each call is made once, in order. */
interface EventMachineHandlers {
  /**
   * A new queue and its snapshot; `isResync` when it replaces an earlier one. Awaited before
   * polling. A throw is reported and answered with another resync (after a backoff wait).
   */
  onRegistered(snapshot: RegisterResponse, info: { isResync: boolean }): void | Promise<void>;
  /** A validated batch, in apply order. A throw is reported and answered with a resync. */
  onEvents(batch: EventBatch): void;
  /** Any change of state, failure count, next attempt or error. */
  onConnectionChange(connection: ConnectionInfo): void;
  /** The credentials were refused; the machine has stopped. */
  onUnauthorized(error: UnauthorizedError): void;
}

/** Everything the machine talks to; only `api` and `handlers` are required. */
export interface EventMachineDeps {
  api: EventMachineApi;
  handlers: EventMachineHandlers;
  setTimer?: SetTimer | undefined;
  now?: (() => number) | undefined;
  random?: (() => number) | undefined;
  warn?: Warn | undefined;
  /** Fires `online` (the `window` in the app): a backoff wait is cut short. */
  network?: EventTarget | undefined;
  /** Fires `visibilitychange` (the `document`): becoming visible cuts a backoff wait short. */
  page?: VisibilitySource | undefined;
  /** Checks for a sleep every few seconds (on by default; tests that count timers turn it off). */
  detectWake?: boolean | undefined;
}

/** register → poll → apply → poll, with backoff, resync and cleanup. */
export interface EventMachine {
  /** Starts (or restarts after `stop`) the loop. A restart registers a new queue. */
  start(): void;
  /** Stops polling and deletes the queue with a keepalive request (safe on `pagehide`). */
  stop(): void;
  /**
   * Tries again at once: cuts a backoff wait short, or restarts a poll that may be hanging
   * (with `dont_block`). Used by the "retry now" button and the send watchdog.
   */
  retryNow(): void;
  readonly connectionState: ConnectionState;
  readonly connection: ConnectionInfo;
}

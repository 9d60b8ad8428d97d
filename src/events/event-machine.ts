import type { CallOptions } from "../api/client";
import { RateLimitedError, UnauthorizedError, hasErrorCode } from "../api/errors";
import type { GetEventsParams, GetEventsResponse, RegisterQueueParams } from "../api/events";
import type { RegisterResponse } from "../api/types/register";
import type { ConnectionState } from "../stores/session-store";
import { createBackoff, type Backoff } from "./backoff";
import { parseEventBatch, type EventBatch, type Warn } from "./event-batch";

/** The queue options every registration sends. */
export const REGISTER_PARAMS = {
  apply_markdown: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: false,
    stream_typing_notifications: true,
    user_settings_object: true,
    linkifier_url_template: true,
  },
} satisfies RegisterQueueParams;

/** Zulip's default `event_queue_longpoll_timeout_seconds`. */
export const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;
/** Added to the server's long-poll timeout so a slow heartbeat is not taken for a dead link. */
export const POLL_TIMEOUT_MARGIN_MS = 10_000;

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
export interface EventMachineHandlers {
  /** A new queue and its snapshot; `isResync` when it replaces a lost one. Awaited before polling. */
  onRegistered(snapshot: RegisterResponse, info: { isResync: boolean }): void | Promise<void>;
  /** A validated batch; message events are already in id order. */
  onEvents(batch: EventBatch): void;
  onConnectionChange(state: ConnectionState): void;
  /** The credentials were refused; the machine has stopped. */
  onUnauthorized(error: UnauthorizedError): void;
}

/** The timer the machine waits with; injected so tests can drive time. Returns a canceller. */
export type SetTimer = (callback: () => void, ms: number) => () => void;

/** Everything the machine talks to; only `api` and `handlers` are required. */
export interface EventMachineDeps {
  api: EventMachineApi;
  handlers: EventMachineHandlers;
  setTimer?: SetTimer | undefined;
  random?: (() => number) | undefined;
  warn?: Warn | undefined;
}

/** register → poll → apply → poll, with backoff, resync and cleanup. */
export interface EventMachine {
  /** Starts (or restarts after `stop`) the loop. A restart registers a new queue. */
  start(): void;
  /** Stops polling and deletes the queue with a keepalive request (safe on `pagehide`). */
  stop(): void;
  readonly connectionState: ConnectionState;
}

interface Queue {
  readonly id: string;
  lastEventId: number;
  readonly pollTimeoutMs: number;
}

// Looks up the global at call time, so fake timers installed later still apply.
const realSetTimer: SetTimer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => {
    clearTimeout(handle);
  };
};

/** Resolves after `ms`, or rejects when the signal aborts first. */
function sleep(setTimer: SetTimer, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(new Error("stopped"));
    };
    const cancel = setTimer(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

class LongPollMachine implements EventMachine {
  private state: ConnectionState = "connecting";
  private queue: Queue | undefined;
  private hasHadSnapshot = false;
  private controller: AbortController | undefined;
  private readonly api: EventMachineApi;
  private readonly handlers: EventMachineHandlers;
  private readonly setTimer: SetTimer;
  private readonly warn: Warn;
  private readonly backoff: Backoff;

  constructor(deps: EventMachineDeps) {
    this.api = deps.api;
    this.handlers = deps.handlers;
    this.setTimer = deps.setTimer ?? realSetTimer;
    this.warn =
      deps.warn ??
      ((message, detail) => {
        console.warn(message, detail);
      });
    this.backoff = createBackoff({ random: deps.random ?? Math.random });
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  start(): void {
    if (this.controller !== undefined && !this.controller.signal.aborted) return;
    this.controller = new AbortController();
    if (this.hasHadSnapshot) this.setState("resyncing");
    void this.run(this.controller.signal);
  }

  stop(): void {
    this.controller?.abort();
    this.deleteQueue();
  }

  private deleteQueue(): void {
    const stopped = this.queue;
    this.queue = undefined;
    if (stopped === undefined) return;
    this.api.deleteQueue({ queue_id: stopped.id }).catch((error: unknown) => {
      this.warn("Deleting the event queue failed", error);
    });
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    this.handlers.onConnectionChange(next);
  }

  private async run(signal: AbortSignal): Promise<void> {
    // A function, so the compiler doesn't assume `aborted` keeps the value the loop test saw.
    const isStopped = () => signal.aborted;
    let isRecovering = false;
    while (!isStopped()) {
      try {
        if (this.queue === undefined) {
          await this.register(signal);
        } else {
          await this.poll(this.queue, isRecovering, signal);
          isRecovering = false;
        }
      } catch (error) {
        if (isStopped() || !(await this.recover(error, signal))) return;
        isRecovering = true;
      }
    }
  }

  private async register(signal: AbortSignal): Promise<void> {
    const snapshot = await this.api.registerQueue(REGISTER_PARAMS, { signal });
    const timeoutSeconds =
      snapshot.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS;
    this.queue = {
      id: snapshot.queue_id,
      lastEventId: snapshot.last_event_id,
      pollTimeoutMs: timeoutSeconds * 1000 + POLL_TIMEOUT_MARGIN_MS,
    };
    // Stopped while the answer was on its way: don't leave the new queue behind.
    if (signal.aborted) {
      this.deleteQueue();
      return;
    }
    const isResync = this.hasHadSnapshot;
    this.hasHadSnapshot = true;
    try {
      await this.handlers.onRegistered(snapshot, { isResync });
    } catch (error) {
      this.warn("Applying the register snapshot failed", error);
    }
    this.setState("live");
  }

  private async poll(queue: Queue, isRecovering: boolean, signal: AbortSignal): Promise<void> {
    const response = await this.api.getEvents(
      {
        queue_id: queue.id,
        last_event_id: queue.lastEventId,
        dont_block: isRecovering ? true : undefined,
      },
      { signal, timeoutMs: queue.pollTimeoutMs },
    );
    this.backoff.reset();
    this.setState("live");
    const batch = parseEventBatch(response.events, this.warn);
    if (batch.lastEventId !== undefined) {
      queue.lastEventId = Math.max(queue.lastEventId, batch.lastEventId);
    }
    try {
      this.handlers.onEvents(batch);
    } catch (error) {
      this.warn("Applying events failed", error);
    }
  }

  /** Handles a failed register or poll; resolves false when the loop must end. */
  private async recover(error: unknown, signal: AbortSignal): Promise<boolean> {
    if (error instanceof UnauthorizedError) {
      this.controller?.abort();
      this.queue = undefined;
      this.handlers.onUnauthorized(error);
      return false;
    }
    if (hasErrorCode(error, "BAD_EVENT_QUEUE_ID")) {
      // The server forgot our queue (idle GC, restart): register again at once.
      this.queue = undefined;
      this.setState("resyncing");
      return true;
    }
    if (this.state === "live") this.setState("reconnecting");
    this.warn("Event connection failed; retrying", error);
    try {
      await sleep(this.setTimer, this.delayAfter(error), signal);
      return true;
    } catch {
      return false;
    }
  }

  private delayAfter(error: unknown): number {
    const wait = this.backoff.next();
    if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
      return Math.max(wait, error.retryAfterMs);
    }
    return wait;
  }
}

/** Creates the long-poll machine; nothing happens until `start()`. */
export function createEventMachine(deps: EventMachineDeps): EventMachine {
  return new LongPollMachine(deps);
}

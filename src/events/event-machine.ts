import { RateLimitedError, UnauthorizedError } from "../api/errors";
import type { GetEventsResponse } from "../api/events";
import type { ConnectionInfo, ConnectionState } from "../stores/session-store";
import { createBackoff, type Backoff } from "../lib/backoff";
import { realSetTimer, type SetTimer } from "../lib/timer";
import { parseEventBatch, type Warn } from "./event-batch";
import { REGISTER_PARAMS } from "./register-params";
import type { EventMachine, EventMachineApi, EventMachineDeps } from "./event-machine-types";
import {
  HandlerFailedError,
  describeError,
  isSameConnection,
  nextConnectionInfo,
  recoveryFor,
} from "./recovery";
import { sleepUnlessStopped, watchConnectivity } from "./wake-detector";

/** Zulip's default `event_queue_longpoll_timeout_seconds`. */
const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;
/** Added to the server's long-poll timeout so a slow heartbeat is not taken for a dead link. */
const POLL_TIMEOUT_MARGIN_MS = 10_000;

interface Queue {
  readonly id: string;
  lastEventId: number;
  readonly pollTimeoutMs: number;
}

/** What the interrupted attempt is aborted with (never seen by callers). */
const INTERRUPTED = new Error("Interrupted to retry at once");

class LongPollMachine implements EventMachine {
  private info: ConnectionInfo = {
    state: "connecting",
    since: null,
    nextAttemptAt: null,
    failures: 0,
    lastError: null,
  };
  private queue: Queue | undefined;
  private hasHadSnapshot = false;
  /** Re-registers that followed a lost queue with no successful poll in between. */
  private lostQueuesInARow = 0;
  private controller: AbortController | undefined;
  /** Aborts the poll in flight, so a poll hanging on a dead connection can be restarted. */
  private pollController: AbortController | undefined;
  /** Ends the current backoff wait early. */
  private cutWaitShort: (() => void) | undefined;
  private detachEnvironment: (() => void) | undefined;
  private readonly deps: EventMachineDeps;
  private readonly setTimer: SetTimer;
  private readonly now: () => number;
  private readonly warn: Warn;
  private readonly backoff: Backoff;

  constructor(deps: EventMachineDeps) {
    this.deps = deps;
    this.setTimer = deps.setTimer ?? realSetTimer;
    this.now = deps.now ?? Date.now;
    this.warn =
      deps.warn ??
      ((message, detail) => {
        console.warn(message, detail);
      });
    this.backoff = createBackoff({ random: deps.random ?? Math.random });
  }

  get connectionState(): ConnectionState {
    return this.info.state;
  }

  get connection(): ConnectionInfo {
    return this.info;
  }

  start(): void {
    if (this.controller !== undefined && !this.controller.signal.aborted) return;
    this.controller = new AbortController();
    this.attachEnvironment();
    this.report({
      state: this.hasHadSnapshot ? "resyncing" : "connecting",
      nextAttemptAt: null,
    });
    void this.run(this.controller.signal);
  }

  stop(): void {
    this.controller?.abort();
    this.detachEnvironment?.();
    this.detachEnvironment = undefined;
    this.deleteQueue();
  }

  retryNow(): void {
    this.interrupt({ abortPoll: true, resetBackoff: false });
  }

  /** Cuts a wait short; `abortPoll` also restarts a poll in flight (with `dont_block`). */
  private interrupt({ abortPoll, resetBackoff }: { abortPoll: boolean; resetBackoff: boolean }) {
    if (this.controller === undefined || this.controller.signal.aborted) return;
    if (resetBackoff) this.backoff.reset();
    if (this.cutWaitShort !== undefined) {
      this.cutWaitShort();
    } else if (abortPoll) {
      this.pollController?.abort(INTERRUPTED);
    }
  }

  private attachEnvironment(): void {
    this.detachEnvironment = watchConnectivity({
      network: this.deps.network,
      page: this.deps.page,
      detectWake: this.deps.detectWake !== false,
      now: this.now,
      setTimer: this.setTimer,
      // After `online` or a sleep, a parked poll is likely dead on a closed connection.
      onReconnected: () => {
        this.interrupt({ abortPoll: true, resetBackoff: true });
      },
      onVisible: () => {
        this.interrupt({ abortPoll: false, resetBackoff: false });
      },
    });
  }

  private deleteQueue(): void {
    const stopped = this.queue;
    this.queue = undefined;
    if (stopped !== undefined) this.deleteQueueById(stopped.id);
  }

  private deleteQueueById(queueId: string): void {
    this.api.deleteQueue({ queue_id: queueId }).catch((error: unknown) => {
      this.warn("Deleting the event queue failed", error);
    });
  }

  private get api(): EventMachineApi {
    return this.deps.api;
  }

  /** Merges a change into the connection info and reports it if anything changed. */
  private report(change: Partial<ConnectionInfo>): void {
    const next = nextConnectionInfo(
      this.info,
      { ...change, failures: this.backoff.failures },
      this.now(),
    );
    if (isSameConnection(next, this.info)) return;
    this.info = next;
    this.deps.handlers.onConnectionChange(next);
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
        if (isStopped()) return;
        if (error === INTERRUPTED) {
          isRecovering = true;
          continue;
        }
        if (!(await this.recover(error, signal))) return;
        isRecovering = true;
      }
    }
  }

  private async register(signal: AbortSignal): Promise<void> {
    const snapshot = await this.api.registerQueue(REGISTER_PARAMS, { signal });
    // Stopped while the answer was on its way: don't leave the new queue behind (and don't
    // touch `this.queue`, which a restarted loop may own by now).
    if (signal.aborted) {
      this.deleteQueueById(snapshot.queue_id);
      return;
    }
    const timeoutSeconds =
      snapshot.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS;
    this.queue = {
      id: snapshot.queue_id,
      lastEventId: snapshot.last_event_id,
      pollTimeoutMs: timeoutSeconds * 1000 + POLL_TIMEOUT_MARGIN_MS,
    };
    const isResync = this.hasHadSnapshot;
    this.hasHadSnapshot = true;
    try {
      await this.deps.handlers.onRegistered(snapshot, { isResync });
    } catch (error) {
      throw new HandlerFailedError("Applying the register snapshot failed", { cause: error });
    }
    this.report({ state: "live" });
  }

  private async poll(queue: Queue, isRecovering: boolean, signal: AbortSignal): Promise<void> {
    const pollController = new AbortController();
    const forwardStop = () => {
      pollController.abort(signal.reason);
    };
    signal.addEventListener("abort", forwardStop, { once: true });
    this.pollController = pollController;
    let response: GetEventsResponse;
    try {
      response = await this.api.getEvents(
        {
          queue_id: queue.id,
          last_event_id: queue.lastEventId,
          dont_block: isRecovering ? true : undefined,
        },
        { signal: pollController.signal, timeoutMs: queue.pollTimeoutMs },
      );
    } catch (error) {
      // An interrupted poll is retried at once, whatever error the abort surfaced as.
      throw pollController.signal.reason === INTERRUPTED && !signal.aborted ? INTERRUPTED : error;
    } finally {
      signal.removeEventListener("abort", forwardStop);
      this.pollController = undefined;
    }
    this.backoff.reset();
    this.lostQueuesInARow = 0;
    this.report({ state: "live" });
    const batch = parseEventBatch(response.events, this.warn);
    if (batch.lastEventId !== undefined) {
      queue.lastEventId = Math.max(queue.lastEventId, batch.lastEventId);
    }
    try {
      this.deps.handlers.onEvents(batch);
    } catch (error) {
      throw new HandlerFailedError("Applying events failed", { cause: error });
    }
  }

  /** Handles a failed register or poll; resolves false when the loop must end. */
  private async recover(error: unknown, signal: AbortSignal): Promise<boolean> {
    if (error instanceof UnauthorizedError) {
      this.controller?.abort();
      this.detachEnvironment?.();
      this.queue = undefined;
      this.deps.handlers.onUnauthorized(error);
      return false;
    }
    const recovery = recoveryFor(error);
    const lastError = describeError(error);
    if (recovery === "reregister") {
      // The server forgot our queue (idle GC, restart): register again, at once the first time.
      this.queue = undefined;
      this.lostQueuesInARow++;
      this.report({ state: "resyncing", lastError });
      return this.lostQueuesInARow > 1 ? this.wait(error, signal) : true;
    }
    if (recovery === "resync") {
      this.warn("Unexpected event error; registering a new queue", error);
      this.deleteQueue();
    } else {
      this.warn("Event connection failed; retrying", error);
    }
    const state: ConnectionState =
      this.queue !== undefined ? "reconnecting" : this.hasHadSnapshot ? "resyncing" : "connecting";
    this.report({ state, lastError });
    return this.wait(error, signal);
  }

  /** Waits the backoff delay (at least Retry-After); resolves false if stopped meanwhile. */
  private wait(error: unknown, signal: AbortSignal): Promise<boolean> {
    let ms = this.backoff.next();
    if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
      ms = Math.max(ms, error.retryAfterMs);
    }
    this.report({ nextAttemptAt: this.now() + ms });
    return sleepUnlessStopped(this.setTimer, ms, signal, (cut) => {
      this.cutWaitShort = cut;
    }).then((isStillRunning) => {
      this.cutWaitShort = undefined;
      if (isStillRunning) this.report({ nextAttemptAt: null });
      return isStillRunning;
    });
  }
}

/** Creates the long-poll machine; nothing happens until `start()`. */
export function createEventMachine(deps: EventMachineDeps): EventMachine {
  return new LongPollMachine(deps);
}

import { ApiError, NetworkError, RateLimitedError, TimeoutError } from "../api/errors";
import type { SendMessageParams } from "../api/messages";
import type { SendMessageResponse } from "../../common/wire/responses";
import { createBackoff, type Backoff } from "../lib/backoff";
import type { SetTimer } from "../lib/timer";
import type { StoreApi } from "zustand/vanilla";
import { findOutboxEntry, type OutboxEntry, type OutboxState } from "../stores/outbox-store";

/** Zulip web's send watchdog: accepted but no event after this long → poll again at once. */
export const SEND_WATCHDOG_MS = 5000;

/** What sending needs (a part of `OutboxDeps`). */
export interface SendingDeps {
  readonly store: StoreApi<OutboxState>;
  readonly send: (params: SendMessageParams) => Promise<SendMessageResponse>;
  readonly queueId: () => string | null;
  readonly isMessageKnown: (messageId: number) => boolean;
  readonly requestEventPoll: () => void;
  readonly now: () => number;
  readonly setTimer: SetTimer;
  readonly random: () => number;
}

/** Failures worth retrying unasked: the request may not have reached, or the server is busy. */
function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  return error instanceof ApiError && (error.status === 429 || error.status >= 500);
}

function paramsFor(entry: OutboxEntry, queueId: string | null): SendMessageParams {
  const where =
    entry.destination.type === "stream"
      ? { type: "stream" as const, to: entry.destination.streamId, topic: entry.destination.topic }
      : { type: "direct" as const, to: entry.destination.userIds };
  return {
    ...where,
    content: entry.content,
    queue_id: queueId ?? undefined,
    local_id: entry.localId,
    // Zulip marks a message read for its sender only for clients it knows (FL 236 made it a
    // parameter); our own messages must not count as unread.
    read_by_sender: true,
  };
}

function clearTimer(timers: Map<string, () => void>, localId: string): void {
  timers.get(localId)?.();
  timers.delete(localId);
}

/**
 * The outbox's sending loop: one request per entry at a time, retried by itself with backoff
 * after a transient failure, and watched after the server accepted it until its message shows.
 */
export class OutboxSender {
  private readonly inFlight = new Set<string>();
  private readonly retryTimers = new Map<string, () => void>();
  private readonly watchdogs = new Map<string, () => void>();
  private readonly backoffs = new Map<string, Backoff>();

  /**
   * `remove` takes an entry out of the outbox (the server accepted it and its message is
   * already known).
   */
  constructor(
    private readonly deps: SendingDeps,
    private readonly remove: (localIds: readonly string[]) => void,
  ) {}

  /** Sends the entry now, unless a request for it is in flight or the server accepted it. */
  send(localId: string): void {
    const current = this.entry(localId);
    if (current === undefined || this.inFlight.has(localId) || current.status === "sent") return;
    clearTimer(this.retryTimers, localId);
    this.inFlight.add(localId);
    this.deps.store.getState().sendStarted(localId);
    this.deps.send(paramsFor(current, this.deps.queueId())).then(
      (response) => {
        this.inFlight.delete(localId);
        this.accepted(localId, response.id);
      },
      (error: unknown) => {
        this.inFlight.delete(localId);
        this.failed(localId, error);
      },
    );
  }

  /** Whether the entry has a request in flight or a retry scheduled. */
  isBusy(localId: string): boolean {
    return this.inFlight.has(localId) || this.retryTimers.has(localId);
  }

  /** Sends every retrying entry now, with a fresh backoff (the network is back). */
  retryWaiting(): void {
    for (const item of this.deps.store.getState().entries) {
      if (item.status !== "retrying") continue;
      this.backoffs.delete(item.localId);
      this.send(item.localId);
    }
  }

  /** Drops the entry's timers and backoff (it left the outbox, or a new session began). */
  forget(localId: string): void {
    clearTimer(this.retryTimers, localId);
    clearTimer(this.watchdogs, localId);
    this.backoffs.delete(localId);
  }

  /** Cancels every scheduled retry; requests in flight carry on. */
  cancelRetries(): void {
    for (const cancel of this.retryTimers.values()) cancel();
    this.retryTimers.clear();
  }

  private entry(localId: string): OutboxEntry | undefined {
    return findOutboxEntry(this.deps.store.getState(), localId);
  }

  /** The server has the message: shown by its event soon, else the watchdog asks for a poll. */
  private accepted(localId: string, messageId: number): void {
    this.backoffs.delete(localId);
    // Already delivered by its event, or cancelled meanwhile: nothing to show.
    if (this.entry(localId) === undefined) return;
    if (this.deps.isMessageKnown(messageId)) {
      this.remove([localId]);
      return;
    }
    this.deps.store.getState().sendAccepted(localId, messageId);
    const cancel = this.deps.setTimer(() => {
      this.watchdogs.delete(localId);
      const current = this.entry(localId);
      if (current?.status === "sent" && !this.deps.isMessageKnown(messageId)) {
        this.deps.requestEventPoll();
      }
    }, SEND_WATCHDOG_MS);
    this.watchdogs.set(localId, cancel);
  }

  /** A refusal waits for the user; a transient failure is retried after a backoff wait. */
  private failed(localId: string, error: unknown): void {
    if (this.entry(localId) === undefined) return;
    const text = error instanceof Error ? error.message : String(error);
    if (!isTransient(error)) {
      this.backoffs.delete(localId);
      this.deps.store.getState().sendFailed(localId, text);
      return;
    }
    let backoff = this.backoffs.get(localId);
    if (backoff === undefined) {
      backoff = createBackoff({ random: this.deps.random });
      this.backoffs.set(localId, backoff);
    }
    let delay = backoff.next();
    if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
      delay = Math.max(delay, error.retryAfterMs);
    }
    this.deps.store.getState().retryScheduled(localId, this.deps.now() + delay, text);
    this.retryTimers.set(
      localId,
      this.deps.setTimer(() => {
        this.retryTimers.delete(localId);
        this.send(localId);
      }, delay),
    );
  }
}

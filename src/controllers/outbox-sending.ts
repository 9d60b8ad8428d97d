import { ApiError, NetworkError, RateLimitedError, TimeoutError } from "../api/errors";
import type { SendMessageParams } from "../api/messages";
import type { SendMessageResponse } from "../../common/wire/responses";
import { createBackoff, type Backoff } from "../lib/backoff";
import type { SetTimer } from "../lib/timer";
import type { StoreApi } from "zustand/vanilla";
import {
  findOutboxEntry,
  type OutboxDestination,
  type OutboxEntry,
  type OutboxState,
} from "../stores/outbox-store";

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
 * The conversation an entry belongs to: a stream's topic (Zulip compares topics without case)
 * or a set of direct-message participants. Its messages go out in the order they were typed.
 */
function conversationKey(destination: OutboxDestination): string {
  return destination.type === "stream"
    ? `stream:${String(destination.streamId)}:${destination.topic.toLowerCase()}`
    : `direct:${[...destination.userIds].sort((a, b) => a - b).join(",")}`;
}

/** Waiting for the server: not accepted yet, and not refused (a refusal waits for the user). */
function isPending(entry: OutboxEntry): boolean {
  return entry.status === "sending" || entry.status === "retrying";
}

/**
 * The outbox's sending loop. Per conversation, only its first pending entry is sent; the next
 * goes once the server accepted it (as zulip-mobile's outbox does since zulip-mobile#3259), so
 * the server stores a conversation's messages in the order they were typed, across retries and
 * reloads. A transient failure is retried with backoff, the later entries waiting behind it; a
 * refusal stays failed for the user and holds nothing back (Zulip's web app sends each message
 * on its own and leaves a failed one with retry and cancel). An accepted entry is watched until
 * its message shows.
 */
export class OutboxSender {
  private readonly inFlight = new Set<string>();
  /** Retry waits, of entries first in their conversation. */
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

  /**
   * Sends what may go now: in each conversation its first pending entry, unless a request for
   * it is in flight or it waits for its retry. The entries behind a waiting one show its wait.
   */
  pump(): void {
    const heads = new Map<string, OutboxEntry>();
    for (const item of this.deps.store.getState().entries) {
      if (!isPending(item)) continue;
      const key = conversationKey(item.destination);
      const head = heads.get(key);
      if (head === undefined) {
        heads.set(key, item);
        if (!this.inFlight.has(item.localId) && !this.retryTimers.has(item.localId)) {
          this.start(item);
        }
      } else if (!this.inFlight.has(item.localId)) {
        // Its own retry wait, if any, is moot: it goes right after the head is accepted.
        clearTimer(this.retryTimers, item.localId);
        this.waitBehind(item, this.entry(head.localId) ?? head);
      }
    }
  }

  /** Sends the conversation of the entry from its start now (the user asked to retry). */
  retryNow(localId: string): void {
    const current = this.entry(localId);
    if (current === undefined) return;
    const key = conversationKey(current.destination);
    const head = this.deps.store
      .getState()
      .entries.find((item) => isPending(item) && conversationKey(item.destination) === key);
    if (head !== undefined) clearTimer(this.retryTimers, head.localId);
    this.pump();
  }

  /** Cuts every retry wait short, with a fresh backoff, and sends (the server is back). */
  resume(): void {
    this.cancelRetries();
    this.backoffs.clear();
    this.pump();
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

  private start(current: OutboxEntry): void {
    const { localId } = current;
    this.inFlight.add(localId);
    this.deps.store.getState().sendStarted(localId);
    this.deps.send(paramsFor(current, this.deps.queueId())).then(
      (response) => {
        this.inFlight.delete(localId);
        this.accepted(localId, response.id);
        this.pump();
      },
      (error: unknown) => {
        this.inFlight.delete(localId);
        this.failed(localId, error);
        this.pump();
      },
    );
  }

  /** An entry behind `head` shows the head's state: sending with it, or retrying when it does. */
  private waitBehind(item: OutboxEntry, head: OutboxEntry): void {
    const { store } = this.deps;
    if (head.status === "retrying" && head.nextRetryAt !== null) {
      if (item.status !== "retrying" || item.nextRetryAt !== head.nextRetryAt) {
        store.getState().retryScheduled(item.localId, head.nextRetryAt, head.error ?? "");
      }
    } else if (item.status === "retrying") {
      store.getState().sendWaiting(item.localId);
    }
  }

  /** The server has the message: shown by its event soon, else the watchdog asks for a poll. */
  private accepted(localId: string, messageId: number): void {
    if (this.backoffs.delete(localId)) {
      // It had failed: the server is back, maybe before the event machine's next try. The
      // other waiting conversations need not wait any longer, nor the event connection.
      this.cancelRetries();
      this.backoffs.clear();
      this.deps.requestEventPoll();
    }
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
        this.pump();
      }, delay),
    );
  }
}

import type { EventEnvelope, EventWithoutId } from "../../common/wire/events";
import { ApiError } from "../http/errors";

/**
 * An event as queued and delivered, with its per-queue id. The queue only needs the envelope:
 * what it holds was typed when published, or saved by this server across a restart.
 */
export type QueuedEvent = EventEnvelope;

/** What a client asked for when it registered the queue. */
export interface QueueOptions {
  /** Event types to deliver; null means all. */
  eventTypes: ReadonlySet<string> | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  /** Zulip `narrow` of the register call, as [operator, operand] pairs. */
  narrow: readonly (readonly [string, string])[];
  capabilities: Readonly<Record<string, boolean>>;
  /** How long the queue may sit with no poll parked before it is collected. */
  lifespanMs: number;
  clientName: string;
}

/** Everything a queue needs to carry on after a restart (see `queue-persistence.ts`). */
export interface QueueSnapshot {
  id: string;
  userId: number;
  options: QueueOptions;
  /** Unacknowledged events, oldest first. */
  events: QueuedEvent[];
  nextEventId: number;
  newestPrunedId: number;
  lastConnectionTime: number;
}

/** The parked long-poll of a queue, if any. */
interface Waiter {
  resolve: (events: QueuedEvent[]) => void;
}

/**
 * One client's event queue. Ids count up from 0 per queue (heartbeats included). Events stay
 * until acknowledged with `last_event_id`, so a poll that is lost in transit is answered again
 * by the next one: each event is delivered until acknowledged and applied once by the client.
 */
export class EventQueue {
  private events: QueuedEvent[] = [];
  private nextEventId = 0;
  private newestPrunedId = -1;
  private waiter: Waiter | undefined;
  /** Set at creation and whenever a poll parks, as in Zulip; drives idle collection. */
  lastConnectionTime: number;

  constructor(
    readonly id: string,
    readonly userId: number,
    readonly options: QueueOptions,
    now: number,
  ) {
    this.lastConnectionTime = now;
  }

  /** A queue as it was saved, with its counters, unacknowledged events and idle time. */
  static restore(snapshot: QueueSnapshot): EventQueue {
    const queue = new EventQueue(
      snapshot.id,
      snapshot.userId,
      snapshot.options,
      snapshot.lastConnectionTime,
    );
    queue.events = snapshot.events.slice();
    queue.nextEventId = snapshot.nextEventId;
    queue.newestPrunedId = snapshot.newestPrunedId;
    return queue;
  }

  /** The queue's state for saving; a parked poll is not part of it. */
  snapshot(): QueueSnapshot {
    return {
      id: this.id,
      userId: this.userId,
      options: this.options,
      events: this.events.slice(),
      nextEventId: this.nextEventId,
      newestPrunedId: this.newestPrunedId,
      lastConnectionTime: this.lastConnectionTime,
    };
  }

  get isParked(): boolean {
    return this.waiter !== undefined;
  }

  /**
   * Appends an event, which must be one the client's schemas accept (common/wire/events.ts); a
   * parked poll is answered at once with everything unacknowledged.
   */
  push(event: EventWithoutId): QueuedEvent {
    const queued: QueuedEvent = { ...event, id: this.nextEventId++ };
    this.events.push(queued);
    // Copy only for a parked poll: an unpolled queue would otherwise copy its growing backlog
    // on every event.
    if (this.waiter) this.answerWaiter(this.events.slice());
    return queued;
  }

  /**
   * Drops events up to `lastEventId` (acknowledged). Zulip's two errors: acknowledging an id
   * older than one already pruned, and acknowledging an id this queue never issued.
   */
  acknowledge(lastEventId: number | undefined): void {
    if (lastEventId === undefined) return;
    if (lastEventId < this.newestPrunedId) {
      throw new ApiError(`An event newer than ${lastEventId} has already been pruned!`);
    }
    if (lastEventId >= this.nextEventId) {
      throw new ApiError(`Event ${lastEventId} was not in this queue`);
    }
    while (this.events[0] && this.events[0].id <= lastEventId) {
      this.newestPrunedId = this.events[0].id;
      this.events.shift();
    }
  }

  pending(): QueuedEvent[] {
    return this.events.slice();
  }

  /** Parks a poll; an earlier parked poll on the same queue is answered first with no events. */
  park(now: number, resolve: (events: QueuedEvent[]) => void): void {
    this.answerWaiter([]);
    this.lastConnectionTime = now;
    this.waiter = { resolve };
  }

  /** Forgets the parked poll without answering it (its connection closed). */
  unpark(resolve: (events: QueuedEvent[]) => void): void {
    if (this.waiter?.resolve === resolve) this.waiter = undefined;
  }

  /** Answers the parked poll, if any (used when the queue is deleted or the server stops). */
  release(): void {
    this.answerWaiter([]);
  }

  private answerWaiter(events: QueuedEvent[]): void {
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = undefined;
    waiter.resolve(events);
  }
}

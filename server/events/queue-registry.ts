import { randomUUID } from "node:crypto";
import type { Clock, Timer } from "../clock";
import { badEventQueueId } from "../http/errors";
import type { EventWithoutId } from "../../common/wire/events";
import { EventQueue, type QueueOptions, type QueueSnapshot, type QueuedEvent } from "./event-queue";

export interface QueueTimings {
  /** A parked poll gets a heartbeat after this many seconds, plus up to 22% jitter (45–55 s in Zulip). */
  heartbeatSeconds: number;
  /** Default idle lifetime of a queue with no poll parked (600 s in Zulip). */
  queueTimeoutSeconds: number;
  /** The most queues one user may hold; registering beyond it drops their longest-idle queue. */
  maxQueuesPerUser: number;
}

/** Work that publishes events (through `publish`/`publishWhere`), run later by `defer`. */
export type Delivery = () => void;

export interface PollRequest {
  lastEventId: number | undefined;
  dontBlock: boolean;
  /** Called by the route when the client's connection closes while parked. */
  onClose: (listener: () => void) => void;
}

/**
 * All event queues of the server: creation, lookup (a queue is found only by its owner, so
 * another user's queue id is exactly as unknown as a random one), long polling with heartbeats,
 * publishing, and collection of idle queues.
 */
export class QueueRegistry {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private sweeper: Timer | undefined;
  /** Set by `stop()`: polls are answered at once instead of parking, so the server can close. */
  private stopping = false;
  /** Deliveries waiting their turn (`defer`), oldest first. */
  private readonly backlog: Delivery[] = [];
  /** Set while the backlog is being worked through; settles once it is empty. */
  private draining: Promise<void> | undefined;
  /** Set while a deferred delivery runs: its own events go to the queues at once. */
  private isDelivering = false;

  constructor(
    private readonly clock: Clock,
    private readonly timings: QueueTimings,
    private readonly random: () => number = Math.random,
  ) {}

  /** Starts the periodic sweep of idle queues. */
  start(): void {
    const intervalMs = Math.min(60_000, (this.timings.queueTimeoutSeconds * 1000) / 4);
    const tick = (): void => {
      this.collectIdle();
      this.sweeper = this.clock.setTimeout(tick, intervalMs);
      this.sweeper.unref?.();
    };
    this.sweeper = this.clock.setTimeout(tick, intervalMs);
    this.sweeper.unref?.();
  }

  /**
   * Stops sweeping and answers every parked poll so connections can close; polls arriving
   * afterwards are answered at once instead of parking. Queues and their events stay, so they
   * can still be saved with `snapshot()`.
   */
  stop(): void {
    this.stopping = true;
    if (this.sweeper) this.clock.clearTimeout(this.sweeper);
    this.sweeper = undefined;
    for (const queue of this.queues.values()) queue.release();
  }

  /** Every queue's state, for saving across a restart. */
  snapshot(): QueueSnapshot[] {
    return [...this.queues.values()].map((queue) => queue.snapshot());
  }

  /**
   * Adds queues saved by an earlier run, keeping their ids, counters, unacknowledged events and
   * last connection times (idle collection carries on from those). A saved queue whose id is
   * already taken is skipped.
   */
  restore(snapshots: readonly QueueSnapshot[]): number {
    let restored = 0;
    for (const snapshot of snapshots) {
      if (this.queues.has(snapshot.id)) continue;
      this.add(EventQueue.restore(snapshot));
      restored++;
    }
    return restored;
  }

  get size(): number {
    return this.queues.size;
  }

  create(userId: number, options: QueueOptions): EventQueue {
    const own = this.byUser.get(userId) ?? new Set<EventQueue>();
    if (own.size >= this.timings.maxQueuesPerUser) {
      const idle = [...own].filter((q) => !q.isParked);
      idle.sort((a, b) => a.lastConnectionTime - b.lastConnectionTime);
      const oldest = idle[0];
      if (oldest) this.remove(oldest);
    }
    return this.add(new EventQueue(randomUUID(), userId, options, this.clock.now()));
  }

  private add(queue: EventQueue): EventQueue {
    const own = this.byUser.get(queue.userId) ?? new Set<EventQueue>();
    this.queues.set(queue.id, queue);
    own.add(queue);
    this.byUser.set(queue.userId, own);
    return queue;
  }

  /** The caller's queue, or `BAD_EVENT_QUEUE_ID` if unknown, expired or someone else's. */
  get(queueId: string, userId: number): EventQueue {
    const queue = this.queues.get(queueId);
    if (!queue || queue.userId !== userId) throw badEventQueueId(queueId);
    if (this.isExpired(queue, this.clock.now())) {
      this.remove(queue);
      throw badEventQueueId(queueId);
    }
    return queue;
  }

  delete(queueId: string, userId: number): void {
    this.remove(this.get(queueId, userId));
  }

  queuesOf(userId: number): readonly EventQueue[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): IterableIterator<EventQueue> {
    return this.queues.values();
  }

  /**
   * Adds an event to every queue of `userIds` that wants it: one of the events the client's
   * schemas define (common/wire/events.ts). `build` shapes the event for one queue (markdown or
   * not, that user's flags, `local_message_id` for the sender's queue) or returns null to skip
   * that queue.
   */
  publish(userIds: Iterable<number>, build: (queue: EventQueue) => EventWithoutId | null): void {
    if (this.draining && !this.isDelivering) {
      const ids = [...userIds];
      this.defer(() => {
        this.publish(ids, build);
      });
      return;
    }
    for (const userId of userIds) {
      for (const queue of this.byUser.get(userId) ?? []) {
        this.deliver(queue, build);
      }
    }
  }

  /** Like `publish`, for queues chosen by a predicate (e.g. `all_public_streams` queues). */
  publishWhere(
    accept: (queue: EventQueue) => boolean,
    build: (queue: EventQueue) => EventWithoutId | null,
  ): void {
    if (this.draining && !this.isDelivering) {
      this.defer(() => {
        this.publishWhere(accept, build);
      });
      return;
    }
    for (const queue of this.queues.values()) if (accept(queue)) this.deliver(queue, build);
  }

  /**
   * Runs `delivery` on a later turn of the event loop (so that the answer being written goes
   * out first), after every delivery deferred before it. While any waits, `publish` and
   * `publishWhere` join the same line, so every queue gets its events in the order they were
   * published: a message's event before the events of its later edits. `poll` and `settled`
   * wait for the line to empty. Zulip likewise hands a send's events to its event queues after
   * the commit (`send_event_on_commit`), through one queue processor.
   */
  defer(delivery: Delivery): void {
    this.backlog.push(delivery);
    this.draining ??= this.drain();
  }

  /** Resolves once every deferred delivery is done (before saving the queues, in tests). */
  settled(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    for (let delivery = this.backlog.shift(); delivery; delivery = this.backlog.shift()) {
      // One delivery per turn: requests read meanwhile are answered between them.
      await new Promise((resolve) => setImmediate(resolve));
      this.isDelivering = true;
      try {
        delivery();
      } catch (error) {
        // The events' cause is committed already; one failed delivery must not stop the others.
        console.error("delivering events failed:", error);
      } finally {
        this.isDelivering = false;
      }
    }
    this.draining = undefined;
  }

  /**
   * One `GET /events`: acknowledges, waits for the deferred deliveries (`defer`), then answers
   * at once if events wait or `dont_block` is set, else parks until an event arrives or the heartbeat is due.
   */
  poll(queue: EventQueue, request: PollRequest): Promise<QueuedEvent[]> {
    queue.acknowledge(request.lastEventId);
    // Events published before this poll but still waiting their delivery are its to answer.
    if (this.draining) return this.draining.then(() => this.answer(queue, request));
    return this.answer(queue, request);
  }

  private answer(queue: EventQueue, request: PollRequest): Promise<QueuedEvent[]> {
    const pending = queue.pending();
    if (pending.length > 0 || request.dontBlock || this.stopping) return Promise.resolve(pending);
    return new Promise((resolve) => {
      const jitter = 1 + this.random() * (10 / 45);
      const heartbeat = this.clock.setTimeout(
        () => {
          queue.push({ type: "heartbeat" });
        },
        this.timings.heartbeatSeconds * 1000 * jitter,
      );
      const finish = (events: QueuedEvent[]): void => {
        this.clock.clearTimeout(heartbeat);
        resolve(events);
      };
      queue.park(this.clock.now(), finish);
      request.onClose(() => {
        this.clock.clearTimeout(heartbeat);
        queue.unpark(finish);
      });
    });
  }

  /** Removes every queue idle past its lifetime; returns how many went. */
  collectIdle(): number {
    const now = this.clock.now();
    let removed = 0;
    for (const queue of [...this.queues.values()]) {
      if (this.isExpired(queue, now)) {
        this.remove(queue);
        removed++;
      }
    }
    return removed;
  }

  private deliver(queue: EventQueue, build: (queue: EventQueue) => EventWithoutId | null): void {
    const types = queue.options.eventTypes;
    const event = build(queue);
    if (!event) return;
    if (types && !types.has(event.type)) return;
    queue.push(event);
  }

  private isExpired(queue: EventQueue, now: number): boolean {
    return !queue.isParked && now - queue.lastConnectionTime >= queue.options.lifespanMs;
  }

  private remove(queue: EventQueue): void {
    queue.release();
    this.queues.delete(queue.id);
    const own = this.byUser.get(queue.userId);
    own?.delete(queue);
    if (own?.size === 0) this.byUser.delete(queue.userId);
  }
}

import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../http/errors";
import { FakeClock } from "../test/fake-clock";
import { messageEvent, reactionEvent } from "../test/events";
import { queueOptions } from "../test/queue-options";
import type { QueueOptions, QueuedEvent } from "./event-queue";
import { QueueRegistry } from "./queue-registry";

const options = (overrides: Partial<QueueOptions> = {}): QueueOptions =>
  queueOptions({ lifespanMs: 600_000, ...overrides });

function setup(maxQueuesPerUser = 100, heartbeatSeconds = 45) {
  const clock = new FakeClock();
  const registry = new QueueRegistry(
    clock,
    { heartbeatSeconds, queueTimeoutSeconds: 600, maxQueuesPerUser },
    () => 0,
  );
  return { clock, registry };
}

const noClose = () => undefined;

function errorOf(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("QueueRegistry", () => {
  it("numbers events from 0 and keeps them until acknowledged", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    registry.publish([1], () => messageEvent(1));
    registry.publish([1], () => messageEvent(2));
    const first = await registry.poll(queue, {
      lastEventId: -1,
      dontBlock: true,
      onClose: noClose,
    });
    expect(first.map((e) => e.id)).toEqual([0, 1]);
    // A poll that acknowledges nothing new gets the same events again (lost responses are replayed).
    const again = await registry.poll(queue, {
      lastEventId: -1,
      dontBlock: true,
      onClose: noClose,
    });
    expect(again.map((e) => e.id)).toEqual([0, 1]);
    const afterAck = await registry.poll(queue, {
      lastEventId: 0,
      dontBlock: true,
      onClose: noClose,
    });
    expect(afterAck.map((e) => e.id)).toEqual([1]);
  });

  it("refuses to acknowledge an id already pruned or never issued", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    registry.publish([1], () => messageEvent(1));
    registry.publish([1], () => messageEvent(2));
    await registry.poll(queue, { lastEventId: 1, dontBlock: true, onClose: noClose });
    expect(
      errorOf(() => {
        queue.acknowledge(0);
      }).message,
    ).toBe("An event newer than 0 has already been pruned!");
    expect(
      errorOf(() => {
        queue.acknowledge(7);
      }).message,
    ).toBe("Event 7 was not in this queue");
  });

  it("parks a poll until an event arrives", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    let answered: QueuedEvent[] | undefined;
    const poll = registry
      .poll(queue, { lastEventId: -1, dontBlock: false, onClose: noClose })
      .then((events) => {
        answered = events;
      });
    await Promise.resolve();
    expect(answered).toBeUndefined();
    registry.publish([1], () => messageEvent(1, "<p>hi</p>"));
    await poll;
    expect(answered).toEqual([{ ...messageEvent(1, "<p>hi</p>"), id: 0 }]);
  });

  it("answers dont_block at once, even with nothing to say", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    await expect(
      registry.poll(queue, { lastEventId: -1, dontBlock: true, onClose: noClose }),
    ).resolves.toEqual([]);
  });

  it("sends a heartbeat to a parked poll after the heartbeat period", async () => {
    const { clock, registry } = setup();
    const queue = registry.create(1, options({ eventTypes: new Set(["message"]) }));
    const poll = registry.poll(queue, { lastEventId: -1, dontBlock: false, onClose: noClose });
    clock.advance(44_999);
    clock.advance(1);
    await expect(poll).resolves.toEqual([{ type: "heartbeat", id: 0 }]);
  });

  it("answers an earlier parked poll with no events when a new poll arrives", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    const first = registry.poll(queue, { lastEventId: -1, dontBlock: false, onClose: noClose });
    void registry.poll(queue, { lastEventId: -1, dontBlock: false, onClose: noClose });
    await expect(first).resolves.toEqual([]);
    expect(queue.isParked).toBe(true);
  });

  it("finds a queue only for its owner, with the same error as an unknown id", () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    const foreign = errorOf(() => registry.get(queue.id, 2));
    const unknown = errorOf(() => registry.get("no-such-queue", 2));
    expect(foreign.code).toBe("BAD_EVENT_QUEUE_ID");
    expect(foreign.extra).toEqual({ queue_id: queue.id });
    expect(unknown.code).toBe(foreign.code);
    expect(unknown.message).toBe("Bad event queue ID: no-such-queue");
    expect(registry.get(queue.id, 1)).toBe(queue);
  });

  it("collects queues idle past their lifetime, but never one with a parked poll", () => {
    const { clock, registry } = setup(100, 3600);
    const idle = registry.create(1, options());
    const busy = registry.create(2, options({ lifespanMs: 1000 }));
    void registry.poll(busy, { lastEventId: -1, dontBlock: false, onClose: noClose });
    clock.advance(599_999);
    expect(registry.collectIdle()).toBe(0);
    clock.advance(1);
    expect(registry.collectIdle()).toBe(1);
    expect(errorOf(() => registry.get(idle.id, 1)).code).toBe("BAD_EVENT_QUEUE_ID");
    expect(registry.get(busy.id, 2)).toBe(busy);
  });

  it("forgets a parked poll whose connection closed, and then lets the queue expire", () => {
    const { clock, registry } = setup();
    const queue = registry.create(1, options({ lifespanMs: 10_000 }));
    let close: () => void = () => undefined;
    void registry.poll(queue, {
      lastEventId: -1,
      dontBlock: false,
      onClose: (listener) => {
        close = listener;
      },
    });
    expect(queue.isParked).toBe(true);
    close();
    expect(queue.isParked).toBe(false);
    clock.advance(10_000);
    expect(registry.collectIdle()).toBe(1);
  });

  it("delivers only the event types a queue asked for, shaped per queue", async () => {
    const { registry } = setup();
    const markdown = registry.create(
      1,
      options({ eventTypes: new Set(["message"]), applyMarkdown: true }),
    );
    const raw = registry.create(
      1,
      options({ eventTypes: new Set(["message"]), applyMarkdown: false }),
    );
    const other = registry.create(1, options({ eventTypes: new Set(["presence"]) }));
    registry.publish([1], (queue) =>
      messageEvent(1, queue.options.applyMarkdown ? "<p>x</p>" : "x"),
    );
    const poll = (queue: typeof raw) =>
      registry.poll(queue, { lastEventId: -1, dontBlock: true, onClose: noClose });
    expect(await poll(markdown)).toEqual([{ ...messageEvent(1, "<p>x</p>"), id: 0 }]);
    expect(await poll(raw)).toEqual([{ ...messageEvent(1, "x"), id: 0 }]);
    expect(await poll(other)).toEqual([]);
  });

  it("runs a deferred delivery on a later turn, before what is published after it", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    registry.defer(() => {
      registry.publish([1], () => messageEvent(1));
    });
    registry.publish([1], () => reactionEvent(1));
    expect(queue.pending()).toEqual([]);
    await registry.settled();
    expect(queue.pending().map((event) => event.type)).toEqual(["message", "reaction"]);
    // Once the line is empty, publishing delivers at once again.
    registry.publish([1], () => messageEvent(2));
    expect(queue.pending()).toHaveLength(3);
  });

  it("answers a poll with the deliveries deferred before it, even with dont_block", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    registry.defer(() => {
      registry.publish([1], () => messageEvent(1));
    });
    const events = await registry.poll(queue, {
      lastEventId: undefined,
      dontBlock: true,
      onClose: noClose,
    });
    expect(events).toEqual([{ ...messageEvent(1), id: 0 }]);
  });

  it("goes on with the other deliveries when one fails", async () => {
    const { registry } = setup();
    const queue = registry.create(1, options());
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    registry.defer(() => {
      throw new Error("broken delivery");
    });
    registry.defer(() => {
      registry.publish([1], () => messageEvent(2));
    });
    await registry.settled();
    expect(queue.pending()).toHaveLength(1);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("drops a user's longest-idle queue when they hold too many", () => {
    const { clock, registry } = setup(2);
    const oldest = registry.create(1, options());
    clock.advance(10);
    registry.create(1, options());
    clock.advance(10);
    registry.create(1, options());
    expect(registry.queuesOf(1)).toHaveLength(2);
    expect(errorOf(() => registry.get(oldest.id, 1)).code).toBe("BAD_EVENT_QUEUE_ID");
  });
});

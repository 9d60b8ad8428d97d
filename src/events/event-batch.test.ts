import { describe, expect, it, vi } from "vitest";
import * as eg from "../test/example-data";
import { parseEventBatch } from "./event-batch";

describe("parseEventBatch", () => {
  it("sorts messages by id, ignores heartbeats and unknown types, tracks the last id", () => {
    const warn = vi.fn();
    const batch = parseEventBatch(
      [
        eg.messageEvent(4, eg.streamMessage({ id: 30 })),
        { id: 5, type: "heartbeat" },
        eg.messageEvent(6, eg.streamMessage({ id: 20 })),
        { id: 7, type: "typing", op: "start" },
      ],
      warn,
    );
    expect(batch.lastEventId).toBe(7);
    expect(batch.messages.map((event) => event.message.id)).toEqual([20, 30]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("reports and skips malformed events without losing the rest", () => {
    const warn = vi.fn();
    const batch = parseEventBatch(
      [
        { id: 1, type: "message", message: { id: "nope" }, flags: [] },
        { type: "message" },
        eg.messageEvent(2, eg.streamMessage({ id: 40 })),
      ],
      warn,
    );
    expect(batch.lastEventId).toBe(2);
    expect(batch.messages.map((event) => event.message.id)).toEqual([40]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("has no last id for an empty batch", () => {
    expect(parseEventBatch([], vi.fn()).lastEventId).toBeUndefined();
  });
});

import { describe, expect, it, vi } from "vitest";
import * as eg from "../test/example-data";
import { eventsInApplyOrder, parseEventBatch } from "./event-batch";

const flagsEvent = (id: number, messages: number[]) => ({
  id,
  type: "update_message_flags",
  op: "add",
  flag: "read",
  messages,
  all: false,
});
const updateEvent = (id: number, messageId: number) => ({
  id,
  type: "update_message",
  user_id: 11,
  rendering_only: false,
  message_id: messageId,
  message_ids: [messageId],
  flags: [],
  edit_timestamp: 1_700_000_100,
  content: "edited",
  rendered_content: "<p>edited</p>",
});
const deleteEvent = (id: number, messageIds: number[]) => ({
  id,
  type: "delete_message",
  message_ids: messageIds,
  message_type: "stream",
  stream_id: 12,
  topic: "lunch",
});
const reactionEvent = (id: number, messageId: number) => ({
  id,
  type: "reaction",
  op: "add",
  message_id: messageId,
  user_id: 11,
  emoji_name: "smile",
  emoji_code: "1f642",
  reaction_type: "unicode_emoji",
});
const linkifiersEvent = (id: number) => ({ id, type: "realm_linkifiers", realm_linkifiers: [] });

describe("parseEventBatch", () => {
  it("puts an out-of-order batch in apply order: messages by id, edits, changes, the rest", () => {
    const warn = vi.fn();
    const batch = parseEventBatch(
      [
        flagsEvent(10, [30]),
        linkifiersEvent(11),
        eg.messageEvent(12, eg.streamMessage({ id: 30 })),
        deleteEvent(13, [20]),
        updateEvent(14, 30),
        eg.messageEvent(15, eg.streamMessage({ id: 20 })),
        reactionEvent(16, 30),
      ],
      warn,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(batch.lastEventId).toBe(16);
    expect(batch.messages.map((event) => event.message.id)).toEqual([20, 30]);
    expect(eventsInApplyOrder(batch).map((event) => `${event.type}:${event.id}`)).toEqual([
      "message:15",
      "message:12",
      "update_message:14",
      "update_message_flags:10",
      "delete_message:13",
      "reaction:16",
      "realm_linkifiers:11",
    ]);
  });

  it("drops heartbeats and unknown types, but counts their ids; keeps restart", () => {
    const warn = vi.fn();
    const batch = parseEventBatch(
      [
        { id: 4, type: "heartbeat" },
        { id: 5, type: "restart", zulip_version: "9.1", zulip_feature_level: 250 },
        { id: 9, type: "some_future_event", anything: true },
      ],
      warn,
    );
    expect(batch.lastEventId).toBe(9);
    // A restart reaches the query caches (they refetch the server's settings).
    expect(eventsInApplyOrder(batch)).toMatchObject([{ id: 5, type: "restart" }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("reports and skips malformed events without losing the rest", () => {
    const warn = vi.fn();
    const batch = parseEventBatch(
      [
        { id: 1, type: "message", message: { id: "nope" }, flags: [] },
        { type: "message" },
        { id: 3, type: "update_message_flags", op: "toggle", flag: "read", messages: [] },
        eg.messageEvent(2, eg.streamMessage({ id: 40 })),
      ],
      warn,
    );
    // The malformed event 3 still counts: asking for it again would bring the same bytes.
    expect(batch.lastEventId).toBe(3);
    expect(batch.messages.map((event) => event.message.id)).toEqual([40]);
    expect(batch.changes).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("has no last id for an empty batch", () => {
    expect(parseEventBatch([], vi.fn()).lastEventId).toBeUndefined();
  });
});

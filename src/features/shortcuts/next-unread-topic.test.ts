import { describe, expect, it } from "vitest";
import { streamNarrow, topicNarrow, allMessagesNarrow } from "../../lib/narrow";
import type { UnreadEntry } from "../../stores/unread-data";
import { adjacentStream, nextUnreadTopic, unreadTopics } from "./next-unread-topic";

function inTopic(streamId: number, topic: string): UnreadEntry {
  return { where: { kind: "stream", streamId, topic }, mentioned: false };
}

const ORDER = [10, 20, 30];

// Stream 20 lists "b-new" (newest unread 7) before "b-old" (newest unread 5).
const UNREADS: [number, UnreadEntry][] = [
  [1, inTopic(30, "c")],
  [2, inTopic(20, "b-old")],
  [5, inTopic(20, "B-OLD")],
  [6, { where: { kind: "dm", key: "dm:4" }, mentioned: false }],
  [7, inTopic(20, "b-new")],
  [9, inTopic(10, "a")],
];

const topics = unreadTopics(UNREADS, ORDER);

describe("unreadTopics", () => {
  it("lists topics in sidebar order: streams in order, topics newest first, once each", () => {
    expect(topics.map((topic) => [topic.streamId, topic.topic])).toEqual([
      [10, "a"],
      [20, "b-new"],
      [20, "B-OLD"],
      [30, "c"],
    ]);
  });

  it("puts streams missing from the order after the others", () => {
    const listed = unreadTopics([[3, inTopic(99, "x")], ...UNREADS], ORDER);
    expect(listed.at(-1)?.streamId).toBe(99);
  });
});

describe("nextUnreadTopic", () => {
  it("goes to the first unread topic from a view that is not a stream", () => {
    expect(nextUnreadTopic(topics, allMessagesNarrow(), ORDER)?.topic).toBe("a");
    expect(nextUnreadTopic(topics, undefined, ORDER)?.topic).toBe("a");
  });

  it("goes to the next topic after the current one, case-insensitively", () => {
    expect(nextUnreadTopic(topics, topicNarrow(20, "s", "b-new"), ORDER)?.topic).toBe("B-OLD");
    expect(nextUnreadTopic(topics, topicNarrow(20, "s", "b-old"), ORDER)?.topic).toBe("c");
  });

  it("wraps around after the last topic", () => {
    expect(nextUnreadTopic(topics, topicNarrow(30, "s", "c"), ORDER)?.topic).toBe("a");
  });

  it("from a stream or a read topic, starts at that stream", () => {
    expect(nextUnreadTopic(topics, streamNarrow(20, "s"), ORDER)?.topic).toBe("b-new");
    expect(nextUnreadTopic(topics, topicNarrow(20, "s", "read one"), ORDER)?.topic).toBe("b-new");
  });

  it("from a stream after every unread stream, wraps to the first", () => {
    expect(nextUnreadTopic(topics, streamNarrow(40, "s"), [...ORDER, 40])?.topic).toBe("a");
  });

  it("has nowhere to go without unreads, or when the only one is the current topic", () => {
    expect(nextUnreadTopic([], allMessagesNarrow(), ORDER)).toBeUndefined();
    const single = unreadTopics([[1, inTopic(10, "a")]], ORDER);
    expect(nextUnreadTopic(single, topicNarrow(10, "s", "A"), ORDER)).toBeUndefined();
  });
});

describe("adjacentStream", () => {
  it("steps through the sidebar's streams from the one in view, wrapping around", () => {
    expect(adjacentStream(ORDER, streamNarrow(10, "a"), 1)).toBe(20);
    expect(adjacentStream(ORDER, topicNarrow(20, "b", "t"), 1)).toBe(30);
    expect(adjacentStream(ORDER, streamNarrow(30, "c"), 1)).toBe(10);
    expect(adjacentStream(ORDER, streamNarrow(10, "a"), -1)).toBe(30);
    expect(adjacentStream(ORDER, topicNarrow(20, "b", "t"), -1)).toBe(10);
  });

  it("starts at either end from elsewhere, and has nowhere to go without streams", () => {
    expect(adjacentStream(ORDER, allMessagesNarrow(), 1)).toBe(10);
    expect(adjacentStream(ORDER, undefined, -1)).toBe(30);
    expect(adjacentStream(ORDER, streamNarrow(99, "gone"), 1)).toBe(10);
    expect(adjacentStream([], streamNarrow(10, "a"), 1)).toBeUndefined();
    expect(adjacentStream([10], streamNarrow(10, "a"), 1)).toBeUndefined();
    // From a topic of the only stream, its stream view.
    expect(adjacentStream([10], topicNarrow(10, "a", "t"), -1)).toBe(10);
  });
});

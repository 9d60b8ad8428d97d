import { describe, expect, it } from "vitest";
import type { UnreadEntry } from "../../stores/unread-data";
import { DM_FOLDER_KEY, inboxRows, streamFolderKey, type InboxStream } from "./inbox-rows";

const general: InboxStream = { streamId: 1, name: "general", color: "#76ce90", pinned: false };
const design: InboxStream = { streamId: 2, name: "design", color: "#a6c7e5", pinned: false };
const pinned: InboxStream = { streamId: 3, name: "zulu", color: "#e4523d", pinned: true };
const streams = new Map([general, design, pinned].map((stream) => [stream.streamId, stream]));
const names: Record<number, string> = { 8: "Iago", 9: "Othello" };
const dmName = (ids: readonly number[]) => ids.map((id) => names[id] ?? `user ${id}`).join(", ");

function topic(streamId: number, name: string): UnreadEntry {
  return { where: { kind: "stream", streamId, topic: name }, mentioned: false };
}
function dm(key: string): UnreadEntry {
  return { where: { kind: "dm", key }, mentioned: false };
}

const unread: [number, UnreadEntry][] = [
  [10, topic(1, "lunch")],
  [11, topic(1, "Lunch")],
  [12, topic(1, "old news")],
  [5, topic(1, "old news")],
  [20, topic(2, "logo")],
  [21, dm("dm:8")],
  [22, dm("dm:8,9")],
  [23, dm("dm:8")],
  [30, topic(3, "pinned topic")],
  [31, topic(99, "not subscribed")],
  [32, { where: { kind: "unknown" }, mentioned: true }],
];

function summary(rows: ReturnType<typeof inboxRows>): string[] {
  return rows.map((row) => {
    switch (row.kind) {
      case "dm-folder":
        return `DMs ${row.count}${row.isCollapsed ? " (collapsed)" : ""}`;
      case "dm":
        return `  ${row.name} ${row.count}`;
      case "stream":
        return `#${row.stream.name} ${row.count}${row.isCollapsed ? " (collapsed)" : ""}`;
      case "topic":
        return `  ${row.topic} ${row.count}`;
    }
  });
}

describe("inboxRows", () => {
  it("lists direct conversations first, then streams pinned first and by name, newest first", () => {
    expect(summary(inboxRows(unread, { streams, dmName }))).toEqual([
      "DMs 3",
      "  Iago 2",
      "  Iago, Othello 1",
      "#zulu 1",
      "  pinned topic 1",
      "#design 1",
      "  logo 1",
      "#general 4",
      // Topics compare case-insensitively; the newest unread message names the row.
      "  old news 2",
      "  Lunch 2",
    ]);
  });

  it("gives each row what opening it needs", () => {
    const rows = inboxRows(unread, { streams, dmName });
    expect(rows.find((row) => row.kind === "dm")).toMatchObject({
      key: "dm:8",
      userIds: [8],
      maxId: 23,
    });
    expect(rows.find((row) => row.kind === "topic" && row.topic === "Lunch")).toMatchObject({
      key: "topic:1:lunch",
      stream: general,
      maxId: 11,
    });
  });

  it("keeps a collapsed folder's header and count, without its conversations", () => {
    const collapsed = new Set([DM_FOLDER_KEY, streamFolderKey(1)]);
    expect(summary(inboxRows(unread, { streams, dmName, collapsed }))).toEqual([
      "DMs 3 (collapsed)",
      "#zulu 1",
      "  pinned topic 1",
      "#design 1",
      "  logo 1",
      "#general 4 (collapsed)",
    ]);
  });

  it("filters by stream and topic, or by participants, ignoring case", () => {
    expect(summary(inboxRows(unread, { streams, dmName, filter: " LUNCH " }))).toEqual([
      "#general 2",
      "  Lunch 2",
    ]);
    expect(summary(inboxRows(unread, { streams, dmName, filter: "design" }))).toEqual([
      "#design 1",
      "  logo 1",
    ]);
    expect(summary(inboxRows(unread, { streams, dmName, filter: "othello" }))).toEqual([
      "DMs 1",
      "  Iago, Othello 1",
    ]);
    expect(inboxRows(unread, { streams, dmName, filter: "nothing like it" })).toEqual([]);
  });

  it("leaves out what the muted predicate mutes: a topic, or a whole stream", () => {
    const isMuted = (streamId: number, name: string) =>
      streamId === 2 || (streamId === 1 && name.toLowerCase() === "lunch");
    expect(summary(inboxRows(unread, { streams, dmName, isMuted }))).toEqual([
      "DMs 3",
      "  Iago 2",
      "  Iago, Othello 1",
      "#zulu 1",
      "  pinned topic 1",
      "#general 2",
      "  old news 2",
    ]);
  });

  it("is empty with nothing unread", () => {
    expect(inboxRows([], { streams, dmName })).toEqual([]);
  });
});

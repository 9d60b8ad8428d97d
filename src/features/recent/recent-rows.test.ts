import { describe, expect, it } from "vitest";
import { allMessagesNarrow } from "../../lib/narrow";
import { createMessageStore, getMessage, getNarrowState } from "../../stores/message-store";
import * as eg from "../../test/example-data";
import { dmMessage, fetchInto, OWN_ID } from "../../test/store-messages";
import {
  filterRecent,
  NO_RECENT_FILTERS,
  recentConversations,
  type RecentFilters,
  type RecentRow,
} from "./recent-rows";

const HAMLET = eg.hamlet.user_id;
const OTHER = 77;

function topicMessage(
  id: number,
  topic: string,
  fields: Parameters<typeof eg.streamMessage>[0] = {},
) {
  return eg.streamMessage({ id, subject: topic, ...fields });
}

const messages = [
  topicMessage(1, "lunch"),
  topicMessage(2, "dinner", { sender_id: OWN_ID }),
  dmMessage([OWN_ID, HAMLET], { id: 3 }),
  topicMessage(4, "Lunch", { sender_id: OTHER }),
  topicMessage(5, "news", { stream_id: 13, display_recipient: "design" }),
  dmMessage([OWN_ID, HAMLET, OTHER], { id: 6, sender_id: OTHER }),
];

function keys(rows: readonly RecentRow[]): string[] {
  return rows.map((row) => row.key);
}

describe("recentConversations", () => {
  it("lists every topic and direct conversation once, newest first", () => {
    const rows = recentConversations(messages, OWN_ID);
    expect(keys(rows)).toEqual([
      `dm:${[HAMLET, OTHER].sort((a, b) => a - b).join(",")}`,
      "topic:13:news",
      "topic:12:lunch",
      `dm:${HAMLET}`,
      "topic:12:dinner",
    ]);
    // The newest message names the topic and dates the row; its latest writer comes first.
    expect(rows[2]).toMatchObject({
      kind: "topic",
      streamId: 12,
      topic: "Lunch",
      maxId: 4,
      timestamp: messages[3]?.timestamp,
      senderIds: [OTHER, HAMLET],
      participated: false,
    });
    expect(rows[3]).toMatchObject({ kind: "dm", userIds: [HAMLET] });
    expect(rows.find((row) => row.key === "topic:12:dinner")?.participated).toBe(true);
  });

  it("follows a topic move and a deletion in the message store", () => {
    const store = createMessageStore();
    store.getState().sessionStarted(OWN_ID);
    fetchInto(store, allMessagesNarrow(), messages);
    const held = () =>
      (getNarrowState(store.getState(), allMessagesNarrow())?.ids ?? []).flatMap((id) => {
        const message = getMessage(store.getState(), id);
        return message === undefined ? [] : [message];
      });

    // The newest "news" message moves to "dinner": "news" goes, "dinner" comes up to it.
    store.getState().messageUpdated({
      message_id: 5,
      message_ids: [5],
      stream_id: 13,
      new_stream_id: 12,
      subject: "dinner",
    });
    let rows = recentConversations(held(), OWN_ID);
    expect(keys(rows)).not.toContain("topic:13:news");
    expect(rows[1]).toMatchObject({ key: "topic:12:dinner", maxId: 5 });

    // Deleting a conversation's only message takes the conversation out.
    store.getState().messagesDeleted([3]);
    rows = recentConversations(held(), OWN_ID);
    expect(keys(rows)).not.toContain(`dm:${HAMLET}`);
  });
});

describe("filterRecent", () => {
  const rows = recentConversations(messages, OWN_ID);
  const unread: Record<string, number> = { "topic:12:lunch": 2, [`dm:${HAMLET}`]: 1 };
  const lookups = {
    unreadCount: (row: RecentRow) => unread[row.key] ?? 0,
    label: (row: RecentRow) =>
      row.kind === "topic" ? `stream${row.streamId} ${row.topic}` : "Hamlet and others",
  };
  const filtered = (filters: Partial<RecentFilters>) =>
    keys(filterRecent(rows, { ...NO_RECENT_FILTERS, ...filters }, lookups));

  it("keeps everything without a filter", () => {
    expect(filtered({})).toEqual(keys(rows));
  });

  it("keeps unread conversations, those the user wrote in, one stream's topics", () => {
    expect(filtered({ unreadOnly: true })).toEqual(["topic:12:lunch", `dm:${HAMLET}`]);
    expect(filtered({ participated: true })).toEqual(["topic:12:dinner"]);
    expect(filtered({ streamId: 13 })).toEqual(["topic:13:news"]);
    expect(filtered({ streamId: 12, unreadOnly: true })).toEqual(["topic:12:lunch"]);
  });

  it("matches the text against the label, ignoring case", () => {
    expect(filtered({ text: " LUNCH" })).toEqual(["topic:12:lunch"]);
    expect(filtered({ text: "hamlet" })).toEqual(keys(rows.filter((row) => row.kind === "dm")));
    expect(filtered({ text: "nothing like it" })).toEqual([]);
  });
});

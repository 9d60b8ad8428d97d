import { describe, expect, it } from "vitest";
import type { UnreadMessages } from "../../common/wire/register";
import {
  allMessagesNarrow,
  dmNarrow,
  mentionsNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
} from "../lib/narrow";
import * as eg from "../test/example-data";
import { dmMessage, OWN_ID, received } from "../test/store-messages";
import {
  createUnreadStore,
  dmUnread,
  isUnread,
  mentionUnread,
  narrowUnread,
  streamUnread,
  topicUnread,
  totalUnread,
  type UnreadStoreState,
} from "./unread-store";

const snapshot: UnreadMessages = {
  count: 8,
  streams: [
    { stream_id: 12, topic: "lunch", unread_message_ids: [1, 2] },
    { stream_id: 12, topic: "dinner", unread_message_ids: [3] },
    { stream_id: 13, topic: "news", unread_message_ids: [4] },
  ],
  pms: [
    { other_user_id: 11, unread_message_ids: [5] },
    { other_user_id: OWN_ID, unread_message_ids: [6] },
  ],
  huddles: [{ user_ids_string: `${OWN_ID},11,12`, unread_message_ids: [7, 8] }],
  mentions: [2, 7],
  old_unreads_missing: true,
};

function setup() {
  const store = createUnreadStore({ lookupMessage: () => undefined });
  store.getState().snapshotLoaded(snapshot, OWN_ID);
  return store;
}

function counts(state: UnreadStoreState) {
  return {
    total: totalUnread(state),
    general: streamUnread(state, 12),
    lunch: topicUnread(state, 12, "LUNCH"),
    dinner: topicUnread(state, 12, "dinner"),
    hamlet: dmUnread(state, [11]),
    self: dmUnread(state, [OWN_ID]),
    group: dmUnread(state, [12, 11]),
    mentions: mentionUnread(state),
  };
}

describe("unread counts", () => {
  it("come from the register snapshot", () => {
    const store = setup();
    expect(counts(store.getState())).toEqual({
      total: 8,
      general: 3,
      lunch: 2,
      dinner: 1,
      hamlet: 1,
      self: 1,
      group: 2,
      mentions: 2,
    });
    expect(store.getState().oldUnreadsMissing).toBe(true);
    expect(narrowUnread(store.getState(), topicNarrow(12, "general", "Lunch"))).toBe(2);
    expect(narrowUnread(store.getState(), streamNarrow(13, "news"))).toBe(1);
    expect(narrowUnread(store.getState(), dmNarrow([11, 12]))).toBe(2);
    expect(narrowUnread(store.getState(), allMessagesNarrow())).toBe(8);
    expect(narrowUnread(store.getState(), mentionsNarrow())).toBe(2);
    expect(narrowUnread(store.getState(), starredNarrow())).toBe(0);
  });

  it("follow new messages, unread unless flagged read, idempotently", () => {
    const store = setup();
    const message = eg.streamMessage({ id: 20, subject: "Lunch" });
    store.getState().messagesReceived([received(message, ["mentioned"])]);
    store.getState().messagesReceived([received(message, ["mentioned"])]);
    store
      .getState()
      .messagesReceived([
        received(eg.streamMessage({ id: 21 }), ["read"]),
        received(dmMessage([OWN_ID], { id: 22, sender_id: OWN_ID })),
        received(dmMessage([OWN_ID, 11, 12], { id: 23 })),
      ]);
    expect(counts(store.getState())).toMatchObject({
      total: 11,
      lunch: 3,
      self: 2,
      group: 3,
      mentions: 3,
    });
    expect(isUnread(store.getState(), 20)).toBe(true);
    expect(isUnread(store.getState(), 21)).toBe(false);
  });

  it("follow flag events: read, unread again with message_details, and mark-all", () => {
    const store = setup();
    const read = { op: "add", flag: "read", messages: [1, 5, 7] } as const;
    store.getState().flagsChanged(read);
    store.getState().flagsChanged(read);
    expect(counts(store.getState())).toMatchObject({ total: 5, lunch: 1, hamlet: 0, group: 1 });
    expect(mentionUnread(store.getState())).toBe(1);
    store.getState().flagsChanged({
      op: "remove",
      flag: "read",
      messages: [1, 7, 30],
      message_details: {
        "1": { type: "stream", stream_id: 12, topic: "lunch" },
        "7": { type: "private", user_ids: [11, 12], mentioned: true },
        "30": { type: "private", user_ids: [] },
      },
    });
    expect(counts(store.getState())).toMatchObject({
      total: 8,
      lunch: 2,
      group: 2,
      self: 2,
      mentions: 2,
    });
    store.getState().flagsChanged({ op: "add", flag: "starred", messages: [2] });
    expect(totalUnread(store.getState())).toBe(8);
    store.getState().flagsChanged({ op: "add", flag: "read", messages: [], all: true });
    expect(counts(store.getState())).toMatchObject({ total: 0, general: 0, mentions: 0, self: 0 });
  });

  it("find a message marked unread without details in the message store", () => {
    const message = dmMessage([OWN_ID, 11], { id: 40 });
    const store = createUnreadStore({
      lookupMessage: (id) => (id === 40 ? message : undefined),
    });
    store.getState().snapshotLoaded({ ...snapshot, old_unreads_missing: false }, OWN_ID);
    store.getState().flagsChanged({ op: "remove", flag: "read", messages: [40] });
    expect(dmUnread(store.getState(), [11])).toBe(2);
  });

  it("follow deletions and moves", () => {
    const store = setup();
    store.getState().messagesDeleted([3, 3, 99]);
    expect(counts(store.getState())).toMatchObject({ total: 7, dinner: 0, general: 2 });
    store.getState().messageUpdated({
      message_id: 1,
      message_ids: [1, 2],
      subject: "Brunch",
      new_stream_id: 13,
    });
    expect(streamUnread(store.getState(), 12)).toBe(0);
    expect(streamUnread(store.getState(), 13)).toBe(3);
    expect(topicUnread(store.getState(), 13, "brunch")).toBe(2);
    expect(mentionUnread(store.getState())).toBe(2);
  });

  it("are replaced, not added to, by a new snapshot; reset clears them", () => {
    const store = setup();
    store.getState().snapshotLoaded(snapshot, OWN_ID);
    expect(totalUnread(store.getState())).toBe(8);
    store.getState().reset();
    expect(totalUnread(store.getState())).toBe(0);
    expect(store.getState().oldUnreadsMissing).toBe(false);
  });
});

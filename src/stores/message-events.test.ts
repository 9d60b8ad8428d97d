import { describe, expect, it } from "vitest";
import {
  allMessagesNarrow,
  mentionsNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
} from "../lib/narrow";
import * as eg from "../test/example-data";
import { fetchInto, idsOf, OWN_ID, received, streamMessages } from "../test/store-messages";
import { createMessageStore, getMessage, getNarrowState } from "./message-store";

const general = streamNarrow(12, "general");
const random = streamNarrow(13, "random");
const lunch = topicNarrow(12, "general", "lunch");
const dinner = topicNarrow(12, "general", "dinner");

function setup() {
  const store = createMessageStore();
  store.getState().sessionStarted(OWN_ID);
  return store;
}

describe("edits", () => {
  it("changes content of message_id only, and marks it edited unless rendering only", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    store.getState().messageUpdated({
      message_id: 1,
      message_ids: [1],
      rendered_content: "<p>new</p>",
      content: "new",
      edit_timestamp: 50,
    });
    store.getState().messageUpdated({
      message_id: 2,
      message_ids: [2],
      rendering_only: true,
      user_id: null,
      rendered_content: "<p>preview</p>",
      edit_timestamp: 60,
    });
    expect(getMessage(store.getState(), 1)).toMatchObject({
      content: "<p>new</p>",
      last_edit_timestamp: 50,
    });
    expect(getMessage(store.getState(), 2)?.content).toBe("<p>preview</p>");
    expect(getMessage(store.getState(), 2)?.last_edit_timestamp).toBeUndefined();
  });

  it("moves messages between topic narrows: they leave the old, join the caught-up new one", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2, 3));
    fetchInto(store, lunch, streamMessages(1, 2, 3));
    fetchInto(store, dinner, [eg.streamMessage({ id: 4, subject: "dinner" })]);
    // propagate_mode change_later from 2: the server lists the ids that moved.
    store.getState().messageUpdated({
      message_id: 2,
      message_ids: [2, 3],
      orig_subject: "lunch",
      subject: "Dinner",
      propagate_mode: "change_later",
      stream_id: 12,
      edit_timestamp: 70,
    });
    expect(idsOf(store, lunch)).toEqual([1]);
    expect(idsOf(store, dinner)).toEqual([2, 3, 4]);
    // general covers everything, so the fetched 4 joined it too.
    expect(idsOf(store, general)).toEqual([1, 2, 3, 4]);
    expect(getMessage(store.getState(), 3)?.subject).toBe("Dinner");
    expect(getMessage(store.getState(), 1)?.subject).toBe("lunch");
  });

  it("a moved message joins only narrows whose covered range includes it", () => {
    const store = setup();
    fetchInto(store, lunch, streamMessages(1, 2));
    fetchInto(store, dinner, [eg.streamMessage({ id: 10, subject: "dinner" })], {
      found_oldest: false,
    });
    store.getState().messageUpdated({ message_id: 2, message_ids: [2], subject: "dinner" });
    expect(idsOf(store, dinner)).toEqual([10]);
    expect(idsOf(store, lunch)).toEqual([1]);
  });

  it("moves messages to another stream", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    fetchInto(store, random, []);
    store.getState().messageUpdated({
      message_id: 1,
      message_ids: [1, 2],
      stream_id: 12,
      new_stream_id: 13,
      propagate_mode: "change_all",
    });
    expect(idsOf(store, general)).toEqual([]);
    expect(idsOf(store, random)).toEqual([1, 2]);
    expect(getMessage(store.getState(), 1)?.stream_id).toBe(13);
  });

  it("an edit that adds a mention puts the message in the mentions narrow", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1));
    fetchInto(store, mentionsNarrow(), []);
    store
      .getState()
      .messageUpdated({ message_id: 1, message_ids: [1], flags: ["read", "mentioned"] });
    expect(idsOf(store, mentionsNarrow())).toEqual([1]);
  });
});

describe("deletions", () => {
  it("removes messages from the store and every narrow, search included", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2, 3));
    fetchInto(store, lunch, streamMessages(1, 2, 3));
    fetchInto(store, allMessagesNarrow(), streamMessages(1, 2, 3));
    store.getState().messagesDeleted([2, 99]);
    expect(idsOf(store, general)).toEqual([1, 3]);
    expect(idsOf(store, lunch)).toEqual([1, 3]);
    expect(idsOf(store, allMessagesNarrow())).toEqual([1, 3]);
    expect(getMessage(store.getState(), 2)).toBeUndefined();
    store.getState().messagesDeleted([2]);
    expect(idsOf(store, general)).toEqual([1, 3]);
  });
});

describe("flags", () => {
  it("adds and removes flags idempotently; the starred narrow follows", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    fetchInto(store, starredNarrow(), []);
    const star = { op: "add", flag: "starred", messages: [2] } as const;
    store.getState().flagsChanged(star);
    store.getState().flagsChanged(star);
    expect(getMessage(store.getState(), 2)?.flags).toEqual(["starred"]);
    expect(idsOf(store, starredNarrow())).toEqual([2]);
    store.getState().flagsChanged({ ...star, op: "remove" });
    store.getState().flagsChanged({ ...star, op: "remove" });
    expect(getMessage(store.getState(), 2)?.flags).toEqual([]);
    expect(idsOf(store, starredNarrow())).toEqual([]);
  });

  it("marks every message read on mark-all, once", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    store.getState().flagsChanged({ op: "add", flag: "read", messages: [1] });
    const before = getMessage(store.getState(), 1);
    store.getState().flagsChanged({ op: "add", flag: "read", messages: [], all: true });
    expect(getMessage(store.getState(), 1)).toBe(before);
    expect(getMessage(store.getState(), 2)?.flags).toEqual(["read"]);
  });

  it("leaves a message's narrows alone for other flags, and ignores unknown ids", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1));
    const state = getNarrowState(store.getState(), general);
    store.getState().flagsChanged({ op: "add", flag: "collapsed", messages: [1, 42] });
    expect(getNarrowState(store.getState(), general)).toBe(state);
    expect(getMessage(store.getState(), 42)).toBeUndefined();
  });
});

describe("reactions", () => {
  it("adds and removes reactions idempotently", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1));
    const reaction = {
      op: "add",
      message_id: 1,
      user_id: 11,
      emoji_name: "tada",
      emoji_code: "1f389",
      reaction_type: "unicode_emoji",
    } as const;
    store.getState().reactionChanged(reaction);
    store.getState().reactionChanged(reaction);
    store.getState().reactionChanged({ ...reaction, user_id: 12 });
    expect(getMessage(store.getState(), 1)?.reactions?.map((r) => r.user_id)).toEqual([11, 12]);
    store.getState().reactionChanged({ ...reaction, op: "remove" });
    store.getState().reactionChanged({ ...reaction, op: "remove" });
    expect(getMessage(store.getState(), 1)?.reactions?.map((r) => r.user_id)).toEqual([12]);
  });
});

describe("a replaced event queue", () => {
  it("keeps the ids on screen, but no narrow is caught up and live messages wait", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    store.getState().eventQueueReplaced();
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [1, 2],
      found_newest: false,
    });
    store.getState().messagesReceived([received(eg.streamMessage({ id: 4 }))]);
    expect(idsOf(store, general)).toEqual([1, 2]);
    fetchInto(store, general, streamMessages(3, 4), { after: 2, found_oldest: false }, "newer");
    expect(idsOf(store, general)).toEqual([1, 2, 3, 4]);
    expect(store.getState().queueGeneration).toBe(1);
  });
});

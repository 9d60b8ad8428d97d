import { describe, expect, it } from "vitest";
import {
  allMessagesNarrow,
  dmNarrow,
  searchNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
} from "../lib/narrow";
import * as eg from "../test/example-data";
import {
  dmMessage,
  fetchInto,
  idsOf,
  OWN_ID,
  received,
  streamMessages,
} from "../test/store-messages";
import {
  createMessageStore,
  getMessage,
  getNarrowState,
  getOpenNarrows,
  messageCount,
} from "./message-store";

const general = streamNarrow(12, "general");
const lunch = topicNarrow(12, "general", "lunch");

function setup() {
  const store = createMessageStore();
  store.getState().sessionStarted(OWN_ID);
  return store;
}

describe("messages and narrows", () => {
  it("keeps each message once by id and each narrow's ids ascending", () => {
    const store = setup();
    store.getState().fetchStarted(general, "around");
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      isLoading: true,
      loadingOlder: true,
      loadingNewer: true,
    });
    const dinner = eg.streamMessage({ id: 1, subject: "dinner" });
    fetchInto(store, general, [...streamMessages(3), dinner, ...streamMessages(2)]);
    fetchInto(store, lunch, streamMessages(2, 3));
    expect(idsOf(store, general)).toEqual([1, 2, 3]);
    expect(idsOf(store, lunch)).toEqual([2, 3]);
    expect(messageCount(store.getState())).toBe(3);
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      isLoading: false,
      found_oldest: true,
      found_newest: true,
      hasFetched: true,
      error: null,
    });
  });

  it("merges an overlapping window without duplicates", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(10, 11, 12), { found_oldest: false });
    fetchInto(store, general, streamMessages(5, 6, 10), { found_newest: false }, "older");
    expect(idsOf(store, general)).toEqual([5, 6, 10, 11, 12]);
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      found_oldest: true,
      found_newest: true,
    });
  });

  it("merges a window that only touches the held range (anchor excluded)", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(10, 11), { found_oldest: false, found_newest: false });
    fetchInto(store, general, streamMessages(20), { after: 11, found_oldest: false }, "newer");
    expect(idsOf(store, general)).toEqual([10, 11, 20]);
    fetchInto(store, general, streamMessages(8), { before: 10, found_newest: false }, "older");
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [8, 10, 11, 20],
      found_oldest: true,
      found_newest: true,
    });
    // An empty answer past the newest held id keeps the list.
    fetchInto(store, general, [], { after: 20, found_oldest: false }, "newer");
    expect(idsOf(store, general)).toEqual([8, 10, 11, 20]);
  });

  it("keeps the excluded anchor even when the answer says nothing precedes it", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(10), { found_oldest: false, found_newest: false });
    fetchInto(store, general, streamMessages(11), { after: 10, found_oldest: true }, "newer");
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [10, 11],
      found_oldest: true,
    });
  });

  it("replaces instead of merging when a window does not touch the held ids (no gap)", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2), { found_newest: false });
    fetchInto(store, general, streamMessages(50, 51), { found_oldest: false });
    expect(idsOf(store, general)).toEqual([50, 51]);
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      found_oldest: false,
      found_newest: true,
    });
    expect(getMessage(store.getState(), 1)).toBeDefined();
  });

  it("a new message joins only the matching narrows that have found_newest", () => {
    const store = setup();
    const older = topicNarrow(12, "general", "older");
    fetchInto(store, older, [], { found_newest: false, found_oldest: false, anchor: 1 });
    fetchInto(store, general, streamMessages(1));
    fetchInto(store, dmNarrow([11]), []);
    store
      .getState()
      .messagesReceived([
        received(eg.streamMessage({ id: 5, subject: "older" }), ["read"]),
        received(eg.streamMessage({ id: 6, stream_id: 99, display_recipient: "random" })),
        received(dmMessage([OWN_ID, 11], { id: 7 })),
      ]);
    expect(idsOf(store, general)).toEqual([1, 5]);
    expect(idsOf(store, older)).toEqual([]);
    expect(idsOf(store, dmNarrow([11]))).toEqual([7]);
    expect(getMessage(store.getState(), 5)?.flags).toEqual(["read"]);
    expect(getMessage(store.getState(), 6)).toBeDefined();
  });

  it("a repeated message event is not duplicated, and the later copy is kept", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    const message = eg.streamMessage({ id: 3 });
    store.getState().messagesReceived([received(message), received(message)]);
    store.getState().messagesReceived([received({ ...message, content: "<p>again</p>" })]);
    expect(idsOf(store, general)).toEqual([1, 2, 3]);
    expect(getMessage(store.getState(), 3)?.content).toBe("<p>again</p>");
  });

  it("applies a batch out of id order in id order", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1));
    store.getState().messagesReceived(streamMessages(4, 2, 3).map((m) => received(m)));
    expect(idsOf(store, general)).toEqual([1, 2, 3, 4]);
  });

  it("gives a view a new state object on change and never changes an old one's ids", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    const before = getNarrowState(store.getState(), general);
    store.getState().messagesReceived([received(eg.streamMessage({ id: 3 }))]);
    const after = getNarrowState(store.getState(), general);
    expect(after).not.toBe(before);
    expect(after?.version).toBeGreaterThan(before?.version ?? Infinity);
    expect(before?.ids).toEqual([1, 2]);
    expect(after?.ids).toEqual([1, 2, 3]);
    expect(after?.ids).toBe(after?.ids);
  });

  it("search narrows take no live messages", () => {
    const store = setup();
    fetchInto(store, searchNarrow("Message"), streamMessages(1));
    store.getState().messagesReceived([received(eg.streamMessage({ id: 2 }))]);
    expect(idsOf(store, searchNarrow("Message"))).toEqual([1]);
  });
});

describe("opening narrows", () => {
  it("derives a new narrow at once from a wider one held, over its covered range", () => {
    const store = setup();
    fetchInto(
      store,
      allMessagesNarrow(),
      [
        eg.streamMessage({ id: 1, subject: "lunch" }),
        eg.streamMessage({ id: 2, subject: "dinner" }),
        dmMessage([OWN_ID, 11], { id: 3 }),
        eg.streamMessage({ id: 4, subject: "Lunch" }),
      ],
      { found_oldest: false },
    );
    store.getState().narrowOpened(lunch);
    store.getState().narrowOpened(dmNarrow([11]));
    expect(getNarrowState(store.getState(), lunch)).toMatchObject({
      ids: [1, 4],
      found_oldest: false,
      found_newest: true,
      hasFetched: false,
    });
    expect(idsOf(store, dmNarrow([11]))).toEqual([3]);
    // Live from then on.
    store.getState().messagesReceived([received(eg.streamMessage({ id: 5 }))]);
    expect(idsOf(store, lunch)).toEqual([1, 4, 5]);
  });

  it("prefers the stream's list for a topic, and claims nothing from an empty partial result", () => {
    const store = setup();
    fetchInto(store, general, [eg.streamMessage({ id: 8, subject: "dinner" })], {
      found_oldest: false,
    });
    store.getState().narrowOpened(lunch);
    expect(getNarrowState(store.getState(), lunch)).toMatchObject({
      ids: [],
      found_oldest: false,
      found_newest: false,
    });
  });

  it("derives from an index that follows moves, deletions and flags", () => {
    const store = setup();
    const dinner = topicNarrow(12, "general", "dinner");
    fetchInto(store, allMessagesNarrow(), streamMessages(1, 2, 3));
    store.getState().messageUpdated({ message_id: 2, message_ids: [2], subject: "Dinner" });
    store.getState().messagesDeleted([3]);
    store.getState().flagsChanged({ op: "add", flag: "starred", messages: [1, 2] });
    store.getState().flagsChanged({ op: "remove", flag: "starred", messages: [2] });
    store.getState().narrowOpened(lunch);
    store.getState().narrowOpened(dinner);
    store.getState().narrowOpened(starredNarrow());
    expect(idsOf(store, lunch)).toEqual([1]);
    expect(idsOf(store, dinner)).toEqual([2]);
    expect(idsOf(store, starredNarrow())).toEqual([1]);
  });

  it("derives only over the wider list's covered range, not every stored message", () => {
    const store = setup();
    fetchInto(store, lunch, streamMessages(1, 2), { found_newest: false });
    fetchInto(store, allMessagesNarrow(), streamMessages(10, 11), { found_oldest: false });
    store.getState().narrowOpened(general);
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [10, 11],
      found_oldest: false,
      found_newest: true,
    });
  });

  it("counts the views of each narrow", () => {
    const store = setup();
    store.getState().narrowOpened(general);
    store.getState().narrowOpened(general);
    store.getState().narrowOpened(lunch);
    store.getState().narrowClosed(general);
    store.getState().narrowClosed(lunch);
    expect(getOpenNarrows(store.getState())).toEqual([general]);
    store.getState().narrowClosed(general);
    expect(getOpenNarrows(store.getState())).toEqual([]);
  });
});

describe("a fetch racing events", () => {
  it("keeps the event's copy of a message the event touched after the fetch was sent", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    const ticket = store.getState().fetchStarted(lunch, "around");
    store.getState().messageUpdated({
      message_id: 2,
      message_ids: [2],
      rendered_content: "<p>edited</p>",
      edit_timestamp: 99,
    });
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(1, 2)));
    expect(getMessage(store.getState(), 2)?.content).toBe("<p>edited</p>");
    expect(getMessage(store.getState(), 2)?.last_edit_timestamp).toBe(99);
    expect(idsOf(store, lunch)).toEqual([1, 2]);
  });

  it("takes the fetched copy over one an event touched before the fetch was sent", () => {
    const store = setup();
    store.getState().messagesReceived([received(eg.streamMessage({ id: 1 }))]);
    const ticket = store.getState().fetchStarted(lunch, "around");
    const fetched = eg.streamMessage({ id: 1, content: "<p>newer</p>" });
    store.getState().messagesFetched(ticket, eg.messagesResponse([fetched]));
    expect(getMessage(store.getState(), 1)?.content).toBe("<p>newer</p>");
  });

  it("does not bring back a message deleted while the fetch was out", () => {
    const store = setup();
    const ticket = store.getState().fetchStarted(lunch, "around");
    store.getState().messagesDeleted([2]);
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(1, 2, 3)));
    expect(idsOf(store, lunch)).toEqual([1, 3]);
    expect(getMessage(store.getState(), 2)).toBeUndefined();
  });

  it("adds a message that arrived while the fetch was out, once caught up", () => {
    const store = setup();
    const ticket = store.getState().fetchStarted(lunch, "around");
    store.getState().messagesReceived([received(eg.streamMessage({ id: 4 }))]);
    expect(idsOf(store, lunch)).toEqual([]);
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(1, 2)));
    expect(idsOf(store, lunch)).toEqual([1, 2, 4]);
  });

  it("drops a fetched message that an event moved out of the narrow meanwhile", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1, 2));
    const ticket = store.getState().fetchStarted(lunch, "around");
    store.getState().messageUpdated({ message_id: 2, message_ids: [2], subject: "dinner" });
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(1, 2)));
    expect(idsOf(store, lunch)).toEqual([1]);
  });

  it("does not claim found_newest when the queue was replaced during the fetch", () => {
    const store = setup();
    const ticket = store.getState().fetchStarted(lunch, "around");
    store.getState().eventQueueReplaced();
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(5)));
    expect(getNarrowState(store.getState(), lunch)).toMatchObject({
      ids: [5],
      found_newest: false,
    });
  });

  it("records a failure, keeping the ids on screen", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(5), { found_oldest: false });
    const ticket = store.getState().fetchStarted(general, "older");
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      loadingOlder: true,
      loadingNewer: false,
    });
    store.getState().fetchFailed(ticket, "Network down");
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [5],
      error: "Network down",
      isLoading: false,
    });
  });

  it("takes one answer per fetch; a second one is ignored", () => {
    const store = setup();
    const ticket = store.getState().fetchStarted(general, "around");
    const other = store.getState().fetchStarted(lunch, "around");
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(1)));
    store.getState().fetchFailed(ticket, "late");
    // The other fetch is still out, so an edit now still beats its copy.
    store
      .getState()
      .messageUpdated({ message_id: 1, message_ids: [1], rendered_content: "<p>e</p>" });
    store.getState().messagesFetched(other, eg.messagesResponse(streamMessages(1)));
    expect(getNarrowState(store.getState(), general)?.error).toBeNull();
    expect(getMessage(store.getState(), 1)?.content).toBe("<p>e</p>");
  });

  it("drops the answer of a fetch sent before a reset", () => {
    const store = setup();
    fetchInto(store, general, streamMessages(1));
    const ticket = store.getState().fetchStarted(general, "newer");
    store.getState().reset();
    store.getState().messagesFetched(ticket, eg.messagesResponse(streamMessages(2)));
    expect(messageCount(store.getState())).toBe(0);
    expect(getNarrowState(store.getState(), general)).toBeUndefined();
  });
});

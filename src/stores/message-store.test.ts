import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { narrowKey, streamNarrow, topicNarrow, type Narrow } from "../lib/narrow";
import { createMessageStore, mergeSortedIds } from "./message-store";

const general = streamNarrow(12, "general");
const lunch = topicNarrow(12, "general", "lunch");

function idsOf(store: ReturnType<typeof createMessageStore>, narrow: Narrow = general) {
  return store.getState().narrows[narrowKey(narrow)]?.ids;
}

function messages(...ids: number[]) {
  return ids.map((id) => eg.streamMessage({ id }));
}

describe("mergeSortedIds", () => {
  it("merges, sorts and dedupes", () => {
    expect(mergeSortedIds([1, 3, 5], [2, 3, 6])).toEqual([1, 2, 3, 5, 6]);
    expect(mergeSortedIds([], [4])).toEqual([4]);
    expect(mergeSortedIds([1, 1, 2], [])).toEqual([1, 2]);
  });
});

describe("message store", () => {
  it("keeps each message once by id and the narrow's ids in order", () => {
    const store = createMessageStore();
    store.getState().fetchStarted(general);
    expect(store.getState().narrows[narrowKey(general)]?.isLoading).toBe(true);
    store.getState().messagesFetched(general, eg.messagesResponse(messages(3, 1, 2)));
    store.getState().messagesFetched(lunch, eg.messagesResponse(messages(2, 3)));
    expect(idsOf(store)).toEqual([1, 2, 3]);
    expect(idsOf(store, lunch)).toEqual([2, 3]);
    expect(Object.keys(store.getState().messages)).toEqual(["1", "2", "3"]);
    expect(store.getState().narrows[narrowKey(general)]).toMatchObject({
      isLoading: false,
      found_oldest: true,
      found_newest: true,
    });
  });

  it("merges an overlapping window and dedupes", () => {
    const store = createMessageStore();
    store
      .getState()
      .messagesFetched(general, eg.messagesResponse(messages(10, 11, 12), { found_oldest: false }));
    store
      .getState()
      .messagesFetched(
        general,
        eg.messagesResponse(messages(5, 6, 10), { found_oldest: true, found_newest: false }),
      );
    expect(idsOf(store)).toEqual([5, 6, 10, 11, 12]);
    expect(store.getState().narrows[narrowKey(general)]).toMatchObject({
      found_oldest: true,
      found_newest: true,
    });
  });

  it("replaces instead of merging when the windows leave a gap", () => {
    const store = createMessageStore();
    store.getState().messagesFetched(general, eg.messagesResponse(messages(1, 2)));
    store.getState().eventQueueReplaced();
    store
      .getState()
      .messagesFetched(general, eg.messagesResponse(messages(50, 51), { found_oldest: false }));
    expect(idsOf(store)).toEqual([50, 51]);
    expect(store.getState().narrows[narrowKey(general)]).toMatchObject({
      found_oldest: false,
      found_newest: true,
    });
  });

  it("a new message joins only matching narrows that have found_newest", () => {
    const store = createMessageStore();
    const older = topicNarrow(12, "general", "older");
    store.getState().messagesFetched(general, eg.messagesResponse(messages(1)));
    store.getState().messagesFetched(older, eg.messagesResponse([], { found_newest: false }));
    store.getState().messageReceived(eg.streamMessage({ id: 5, subject: "older" }), ["read"]);
    store
      .getState()
      .messageReceived(eg.streamMessage({ id: 6, stream_id: 99, display_recipient: "random" }), []);
    expect(idsOf(store)).toEqual([1, 5]);
    expect(idsOf(store, older)).toEqual([]);
    expect(store.getState().messages[5]?.flags).toEqual(["read"]);
    expect(store.getState().messages[6]).toBeDefined();
  });

  it("a repeated message event is not duplicated", () => {
    const store = createMessageStore();
    store.getState().messagesFetched(general, eg.messagesResponse(messages(1, 2)));
    const message = eg.streamMessage({ id: 2 });
    store.getState().messageReceived(message, []);
    store.getState().messageReceived(message, []);
    expect(idsOf(store)).toEqual([1, 2]);
  });

  it("after the queue is replaced, live messages wait for the refetch; ids stay on screen", () => {
    const store = createMessageStore();
    store.getState().messagesFetched(general, eg.messagesResponse(messages(1, 2)));
    store.getState().eventQueueReplaced();
    store.getState().messageReceived(eg.streamMessage({ id: 4 }), []);
    expect(idsOf(store)).toEqual([1, 2]);
    store
      .getState()
      .messagesFetched(general, eg.messagesResponse(messages(2, 3), { found_oldest: false }));
    expect(idsOf(store)).toEqual([1, 2, 3, 4]);
  });

  it("reset forgets everything", () => {
    const store = createMessageStore();
    store.getState().messagesFetched(general, eg.messagesResponse(messages(1)));
    store.getState().reset();
    expect(store.getState().messages).toEqual({});
    expect(store.getState().narrows).toEqual({});
  });
});

import { describe, expect, it } from "vitest";
import { streamNarrow, topicNarrow, type Narrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { fetchInto, OWN_ID, streamMessages } from "../test/store-messages";
import { createMessageStore, getMessage, getNarrowState } from "./message-store";
import { restoreMessages } from "./message-restore";

const general = streamNarrow(eg.general.stream_id, eg.general.name);
const lunch = topicNarrow(eg.general.stream_id, eg.general.name, "lunch");

/** A store holding what the offline cache kept: messages 1–5 in #general > lunch. */
function restored() {
  const store = createMessageStore();
  restoreMessages(
    {
      messages: streamMessages(1, 2, 3, 4, 5),
      narrows: [
        { narrow: general, ids: [1, 2, 3, 4, 5], found_oldest: true },
        { narrow: lunch, ids: [1, 2, 3, 4, 5], found_oldest: true },
      ],
    },
    OWN_ID,
    store,
  );
  return store;
}

const idsOf = (store: ReturnType<typeof restored>, narrow: Narrow = general) =>
  getNarrowState(store.getState(), narrow)?.ids;

describe("a narrow restored from the offline cache", () => {
  it("shows the cached ids at once, not as fetched nor as the newest", () => {
    const store = restored();
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [1, 2, 3, 4, 5],
      found_oldest: true,
      found_newest: false,
      hasFetched: false,
    });
  });

  it("takes the server's first answer: edits shown, deletions and moves gone, new ones once", () => {
    const store = restored();
    const edited = eg.streamMessage({ id: 3, content: "<p>edited while away</p>" });
    // 2 was deleted, 4 moved to another topic, 6 and 7 sent while the page was away.
    const answer = [eg.streamMessage({ id: 1 }), edited, ...streamMessages(5, 6, 7)];
    fetchInto(store, lunch, answer, { found_oldest: true, found_newest: true });
    expect(idsOf(store, lunch)).toEqual([1, 3, 5, 6, 7]);
    expect(getMessage(store.getState(), 3)?.content).toBe("<p>edited while away</p>");
    // The deleted and moved messages left the store, so #general does not show them either.
    expect(getMessage(store.getState(), 2)).toBeUndefined();
    expect(getMessage(store.getState(), 4)).toBeUndefined();
    expect(idsOf(store)).toEqual([1, 3, 5]);
  });

  it("replaces cached ids outside the answer's range instead of trusting them", () => {
    const store = restored();
    fetchInto(store, general, streamMessages(4, 5, 6), { found_oldest: false, found_newest: true });
    expect(idsOf(store)).toEqual([4, 5, 6]);
    expect(getNarrowState(store.getState(), general)?.found_oldest).toBe(false);
  });

  it("restores nothing once the server has answered for a narrow", () => {
    const store = createMessageStore();
    store.getState().sessionStarted(OWN_ID);
    fetchInto(store, general, streamMessages(8, 9));
    restoreMessages(
      {
        messages: streamMessages(1, 2),
        narrows: [{ narrow: general, ids: [1, 2], found_oldest: true }],
      },
      OWN_ID,
      store,
    );
    expect(idsOf(store)).toEqual([8, 9]);
    expect(getMessage(store.getState(), 1)).toBeUndefined();
  });
});

describe("a fetch that leaves out a message held in its range", () => {
  it("forgets it, so a narrow derived later does not show it", () => {
    const store = createMessageStore();
    store.getState().sessionStarted(OWN_ID);
    fetchInto(store, general, streamMessages(1, 2, 3), { found_oldest: true, found_newest: false });
    // The queue was lost meanwhile, and 2 deleted: a refetch of the same range leaves it out.
    fetchInto(store, general, streamMessages(1, 3), { found_oldest: true, found_newest: false });
    expect(idsOf(store)).toEqual([1, 3]);
    store.getState().narrowOpened(lunch);
    expect(idsOf(store, lunch)).toEqual([1, 3]);
  });
});

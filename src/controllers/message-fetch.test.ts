import { describe, expect, it } from "vitest";
import { dmNarrow, streamNarrow, topicNarrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { createControlledClient, settle } from "../test/store-fetch";
import { fetchInto, idsOf, OWN_ID, received, streamMessages } from "../test/store-messages";
import {
  fetchNewer,
  fetchNewest,
  fetchOlder,
  openNarrow,
  refreshOpenNarrows,
} from "./message-fetch";
import { createMessageStore, getNarrowState } from "../stores/message-store";

const general = streamNarrow(12, "general");
const lunch = topicNarrow(12, "general", "lunch");

function setup() {
  const server = createControlledClient();
  const store = createMessageStore();
  store.getState().sessionStarted(OWN_ID);
  return { server, store };
}

/** Ids from..to inclusive, as stream messages. */
function range(from: number, to: number) {
  return streamMessages(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

describe("openNarrow", () => {
  it("asks for 100 before and after the first unread, by stream id, and stores the answer", async () => {
    const { server, store } = setup();
    const done = openNarrow(server.client, lunch, store);
    expect(server.nextRequest.query).toEqual({
      anchor: "first_unread",
      num_before: "100",
      num_after: "100",
      narrow: '[{"operator":"stream","operand":12},{"operator":"topic","operand":"lunch"}]',
      apply_markdown: "true",
    });
    await server.answer(eg.messagesResponse(streamMessages(5, 6)));
    await done;
    expect(getNarrowState(store.getState(), lunch)).toMatchObject({
      ids: [5, 6],
      isLoading: false,
      hasFetched: true,
    });
  });

  it("centres the first window on a message asked for (z), and stores it", async () => {
    const { server, store } = setup();
    const done = openNarrow(server.client, lunch, store, 42);
    expect(server.nextRequest.query).toMatchObject({
      anchor: "42",
      num_before: "100",
      num_after: "100",
    });
    await server.answer(eg.messagesResponse(streamMessages(41, 42, 43)));
    await done;
    expect(getNarrowState(store.getState(), lunch)?.ids).toEqual([41, 42, 43]);
  });

  it("sends direct-message narrows by participant ids", async () => {
    const { server, store } = setup();
    void openNarrow(server.client, dmNarrow([12, 11]), store);
    expect(server.nextRequest.query.narrow).toBe('[{"operator":"dm","operand":[11,12]}]');
    await server.answer(eg.messagesResponse([]));
  });

  it("does not fetch a narrow already fetched and live, nor twice at once", async () => {
    const { server, store } = setup();
    const first = openNarrow(server.client, lunch, store);
    const second = openNarrow(server.client, lunch, store);
    expect(server.pending).toBe(1);
    await server.answer(eg.messagesResponse(streamMessages(5)));
    await Promise.all([first, second]);
    await openNarrow(server.client, lunch, store);
    expect(server.requests).toHaveLength(1);
  });

  it("records a failure on the narrow", async () => {
    const { server, store } = setup();
    const done = openNarrow(server.client, lunch, store);
    await server.answer({ result: "error", msg: "Invalid narrow", code: "BAD_NARROW" }, 400);
    await done;
    expect(getNarrowState(store.getState(), lunch)).toMatchObject({
      error: "Invalid narrow",
      isLoading: false,
    });
  });
});

describe("fetchOlder and fetchNewer", () => {
  it("ask for 100 beyond the held ends, excluding the anchor, and merge", async () => {
    const { server, store } = setup();
    fetchInto(store, general, range(200, 210), { found_oldest: false, found_newest: false });
    const older = fetchOlder(server.client, general, store);
    const newer = fetchNewer(server.client, general, store);
    expect(server.requests.map((request) => request.query)).toMatchObject([
      { anchor: "200", num_before: "100", num_after: "0", include_anchor: "false" },
      { anchor: "210", num_before: "0", num_after: "100", include_anchor: "false" },
    ]);
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      loadingOlder: true,
      loadingNewer: true,
    });
    await server.answer(eg.messagesResponse(range(100, 199), { found_newest: false }));
    await server.answer(eg.messagesResponse(range(211, 215), { found_oldest: false }));
    await Promise.all([older, newer]);
    expect(idsOf(store, general)).toEqual(range(100, 215).map((m) => m.id));
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      found_oldest: true,
      found_newest: true,
      isLoading: false,
    });
  });

  it("never runs two fetches of the same direction for one narrow", async () => {
    const { server, store } = setup();
    fetchInto(store, general, range(200, 210), { found_oldest: false });
    const first = fetchOlder(server.client, general, store);
    const second = fetchOlder(server.client, general, store);
    expect(server.pending).toBe(1);
    await server.answer(eg.messagesResponse(range(190, 199), { found_newest: false }));
    await Promise.all([first, second]);
    expect(server.requests).toHaveLength(1);
  });

  it("do nothing at an end already reached", async () => {
    const { server, store } = setup();
    fetchInto(store, general, range(1, 3));
    await fetchOlder(server.client, general, store);
    await fetchNewer(server.client, general, store);
    expect(server.requests).toHaveLength(0);
  });
});

describe("refreshOpenNarrows", () => {
  it("refetches each open narrow from its newest id in batches until caught up", async () => {
    const { server, store } = setup();
    store.getState().narrowOpened(general);
    fetchInto(store, general, range(1, 10));
    store.getState().eventQueueReplaced();
    // The new queue delivers 300 right away; the refetch must bring 11..299 without a gap.
    store.getState().messagesReceived([received(eg.streamMessage({ id: 300 }))]);
    const done = refreshOpenNarrows(server.client, store);
    expect(server.nextRequest.query).toMatchObject({ anchor: "10", num_after: "100" });
    await server.answer(eg.messagesResponse(range(11, 110), { found_newest: false }));
    expect(getNarrowState(store.getState(), general)?.ids.at(-1)).toBe(110);
    expect(server.nextRequest.query).toMatchObject({ anchor: "110", num_after: "100" });
    await server.answer(eg.messagesResponse(range(111, 210), { found_newest: false }));
    await server.answer(eg.messagesResponse(range(211, 300), { found_oldest: false }));
    await done;
    expect(idsOf(store, general)).toEqual(range(1, 300).map((m) => m.id));
    expect(getNarrowState(store.getState(), general)?.found_newest).toBe(true);
  });

  it("keeps found_newest false if the queue is replaced again meanwhile", async () => {
    const { server, store } = setup();
    store.getState().narrowOpened(general);
    fetchInto(store, general, range(1, 10));
    store.getState().eventQueueReplaced();
    const done = refreshOpenNarrows(server.client, store);
    store.getState().eventQueueReplaced();
    await server.answer(eg.messagesResponse(range(11, 20)));
    await done;
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: range(1, 20).map((m) => m.id),
      found_newest: false,
    });
    // The next resync's refresh finishes the job.
    const again = refreshOpenNarrows(server.client, store);
    await server.answer(eg.messagesResponse([], { found_oldest: false }));
    await again;
    expect(getNarrowState(store.getState(), general)?.found_newest).toBe(true);
  });

  it("waits for a fetch sent before the resync, then fetches past it", async () => {
    const { server, store } = setup();
    store.getState().narrowOpened(general);
    fetchInto(store, general, range(1, 10), { found_newest: false });
    const stale = fetchNewer(server.client, general, store);
    store.getState().eventQueueReplaced();
    const done = refreshOpenNarrows(server.client, store);
    expect(server.pending).toBe(1);
    await server.answer(eg.messagesResponse(range(11, 12), { found_oldest: false }));
    await stale;
    expect(server.nextRequest.query).toMatchObject({ anchor: "12" });
    await server.answer(eg.messagesResponse(range(13, 14), { found_oldest: false }));
    await done;
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: range(1, 14).map((m) => m.id),
      found_newest: true,
    });
  });

  it("leaves closed narrows alone and stops on a failure", async () => {
    const { server, store } = setup();
    fetchInto(store, lunch, range(1, 2));
    store.getState().narrowOpened(general);
    fetchInto(store, general, range(1, 2));
    store.getState().eventQueueReplaced();
    const done = refreshOpenNarrows(server.client, store);
    expect(server.pending).toBe(1);
    await server.answer({ result: "error", msg: "Server error" }, 500);
    await done;
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [1, 2],
      error: expect.any(String) as unknown,
      found_newest: false,
    });
  });
});

describe("fetchNewest", () => {
  it("jumps to the newest 100, replacing a window that does not touch them (no gap)", async () => {
    const { server, store } = setup();
    fetchInto(store, general, range(200, 210), { found_oldest: false, found_newest: false });
    const done = fetchNewest(server.client, general, store);
    expect(server.nextRequest.query).toMatchObject({
      anchor: "newest",
      num_before: "100",
      num_after: "0",
    });
    await server.answer(
      eg.messagesResponse(range(900, 905), { found_newest: true, found_oldest: false }),
    );
    await done;
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [900, 901, 902, 903, 904, 905],
      found_newest: true,
      found_oldest: false,
    });
  });

  it("does nothing for a narrow already caught up", async () => {
    const { server, store } = setup();
    fetchInto(store, general, range(200, 210), { found_oldest: false, found_newest: true });
    await fetchNewest(server.client, general, store);
    expect(server.requests).toHaveLength(0);
  });
});

describe("fetchNewest while a batch is on its way", () => {
  it("waits for it, then still jumps", async () => {
    const { server, store } = setup();
    fetchInto(store, general, range(200, 210), { found_oldest: false, found_newest: false });
    const newer = fetchNewer(server.client, general, store);
    const jump = fetchNewest(server.client, general, store);
    await server.answer(
      eg.messagesResponse(range(211, 220), { found_newest: false, found_oldest: false }),
    );
    await newer;
    await settle();
    expect(server.nextRequest.query).toMatchObject({ anchor: "newest" });
    await server.answer(
      eg.messagesResponse(range(900, 901), { found_newest: true, found_oldest: false }),
    );
    await jump;
    expect(getNarrowState(store.getState(), general)).toMatchObject({
      ids: [900, 901],
      found_newest: true,
    });
  });
});

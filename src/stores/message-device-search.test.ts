import { describe, expect, it } from "vitest";
import { allMessagesNarrow, searchNarrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { fetchInto, idsOf, OWN_ID } from "../test/store-messages";
import { searchOnDevice } from "./message-device-search";
import { createMessageStore, getNarrowState } from "./message-store";

const soup = searchNarrow("soup");

function storeHolding() {
  const store = createMessageStore();
  store.getState().sessionStarted(OWN_ID);
  fetchInto(store, allMessagesNarrow(), [
    eg.streamMessage({ id: 1, content: "<p>soup today</p>" }),
    eg.streamMessage({ id: 2, content: "<p>bread</p>" }),
    eg.streamMessage({ id: 3, content: "<p>more soup</p>" }),
  ]);
  return store;
}

describe("a search answered on this device", () => {
  it("shows the held messages the query matches, marked as searched on the device", () => {
    const store = storeHolding();
    store.getState().narrowOpened(soup);
    searchOnDevice(soup, store);
    expect(getNarrowState(store.getState(), soup)).toMatchObject({
      ids: [1, 3],
      isSearchedOnDevice: true,
      hasFetched: false,
      error: null,
    });
  });

  it("is replaced by the server's first answer, without the device's ids", () => {
    const store = storeHolding();
    searchOnDevice(soup, store);
    fetchInto(store, soup, [eg.streamMessage({ id: 3, content: "<p>more soup</p>" })], {
      found_oldest: true,
      found_newest: true,
    });
    expect(getNarrowState(store.getState(), soup)).toMatchObject({
      ids: [3],
      isSearchedOnDevice: false,
      hasFetched: true,
    });
  });

  it("leaves a search the server has answered alone, and non-search narrows too", () => {
    const store = storeHolding();
    fetchInto(store, soup, [eg.streamMessage({ id: 3, content: "<p>more soup</p>" })]);
    searchOnDevice(soup, store);
    expect(getNarrowState(store.getState(), soup)?.isSearchedOnDevice).toBe(false);
    expect(idsOf(store, soup)).toEqual([3]);
    searchOnDevice(allMessagesNarrow(), store);
    expect(getNarrowState(store.getState(), allMessagesNarrow())?.isSearchedOnDevice).toBe(false);
  });
});

import { matchesLocally, parseLocalQuery } from "../lib/local-search";
import type { StoreApi } from "zustand/vanilla";
import type { Narrow } from "../lib/narrow";
import type { NarrowChanges } from "./message-changes";
import { ensureEntry, type MessageData } from "./message-data";
import { messageStore, type MessageStoreState } from "./message-store";

/**
 * A search narrow answered from the messages this device holds (the server cannot be asked):
 * its ids become every held message the query matches (`lib/local-search.ts`), marked
 * `isSearchedOnDevice` so the view says so, until the server's first answer replaces them. A
 * narrow the server has answered keeps that answer; a query with an operator the device cannot
 * judge finds nothing here. A module of its own, loaded only when needed (offline), so the
 * first view does not carry the search.
 */
function searchHeld(data: MessageData, changes: NarrowChanges, narrow: Narrow): void {
  if (narrow.kind !== "search") return;
  const entry = ensureEntry(data, narrow);
  if (entry.hasFetched || entry.loadingOlder || entry.loadingNewer) return;
  const query = parseLocalQuery(narrow.query);
  const ids: number[] = [];
  for (const message of data.messages.values()) {
    if (matchesLocally(query, message)) ids.push(message.id);
  }
  entry.ids.replace(ids.sort((a, b) => a - b));
  entry.found_oldest = true;
  entry.found_newest = false;
  entry.error = null;
  entry.isSearchedOnDevice = true;
  changes.markChanged(entry);
}

/** The server cannot be asked: answers the search narrow from the held messages (`searchHeld`). */
export function searchOnDevice(
  narrow: Narrow,
  store: StoreApi<MessageStoreState> = messageStore,
): void {
  store.getState().changeApplied((data, changes) => {
    searchHeld(data, changes, narrow);
  });
}

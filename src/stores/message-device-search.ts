import { matchesLocally, parseLocalQuery } from "../lib/local-search";
import type { Narrow } from "../lib/narrow";
import type { NarrowChanges } from "./message-changes";
import { ensureEntry, type MessageData } from "./message-data";

/**
 * A search narrow answered from the messages this device holds (the server cannot be asked):
 * its ids become every held message the query matches (`lib/local-search.ts`), marked
 * `isSearchedOnDevice` so the view says so, until the server's first answer replaces them. A
 * narrow the server has answered keeps that answer; a query with an operator the device cannot
 * judge finds nothing here.
 */
export function searchOnDevice(data: MessageData, changes: NarrowChanges, narrow: Narrow): void {
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

import type { StoreApi } from "zustand/vanilla";
import type { Message } from "../../common/wire/message";
import type { Narrow } from "../lib/narrow";
import { storeMessage, type NarrowChanges } from "./message-changes";
import { ensureEntry, type MessageData, type NarrowState } from "./message-data";
import { messageStore, type MessageStoreState } from "./message-store";

// The offline cache's side of the message store, in a module of its own that only the cache's
// lazy chunk imports, so the first view does not carry it.

/** A narrow as the offline cache kept it: its newest ids, and whether they reach its start. */
export interface RestoredNarrow {
  readonly narrow: Narrow;
  /** Ascending. */
  readonly ids: readonly number[];
  readonly found_oldest: boolean;
}

/** What the offline cache gives back to the message store. */
export interface RestoredMessages {
  /** With the receiver's flags on each. */
  readonly messages: readonly Message[];
  readonly narrows: readonly RestoredNarrow[];
}

/**
 * Puts the offline cache's messages and narrows in place before the server has answered, so
 * the last view paints at once. Once the server has answered for any narrow its state is newer
 * than the cache's, and nothing is restored.
 * Restored narrows are never `found_newest` (events were missed) and are marked `fromCache`, so
 * the first fetch replaces their ids instead of merging with them.
 */
function applyRestored(
  data: MessageData,
  changes: NarrowChanges,
  restored: RestoredMessages,
  ownUserId: number,
): void {
  for (const entry of data.narrows.values()) if (entry.hasFetched || entry.loadingNewer) return;
  for (const message of restored.messages) {
    if (!data.messages.has(message.id)) storeMessage(data, changes, { ...message }, ownUserId);
  }
  for (const { narrow, ids, found_oldest } of restored.narrows) {
    const entry = ensureEntry(data, narrow);
    entry.ids.replace(ids.filter((id) => data.messages.has(id)));
    entry.found_oldest = found_oldest;
    entry.found_newest = false;
    entry.fromCache = true;
    changes.markChanged(entry);
  }
}

/** Puts the offline cache's messages and narrows in place (`applyRestored`) for `ownUserId`. */
export function restoreMessages(
  restored: RestoredMessages,
  ownUserId: number,
  store: StoreApi<MessageStoreState> = messageStore,
): void {
  store.getState().sessionStarted(ownUserId);
  store.getState().changeApplied((data, changes, own) => {
    applyRestored(data, changes, restored, own);
  });
}

/** Every narrow held but searches (whose lists only the server can make), for the offline cache. */
export function getHeldNarrows(state: MessageStoreState): NarrowState[] {
  const held: NarrowState[] = [];
  for (const entry of state.data.narrows.values()) {
    if (entry.narrow.kind !== "search") held.push(entry.view);
  }
  return held;
}

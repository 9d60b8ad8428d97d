import type { ApiClient } from "../api/client";
import { getMessages } from "../api/messages";
import { narrowKey, narrowToApi, type Narrow } from "../lib/narrow";
import { messageStore, type MessageStoreState } from "./message-store";
import type { StoreApi } from "zustand/vanilla";

/** How much a narrow shows when it opens: the newest 100 messages. */
export const OPEN_NARROW_WINDOW = { anchor: "newest", num_before: 100, num_after: 0 } as const;

/**
 * Fetches the newest messages of a narrow into the store (fetchStarted → messagesFetched or
 * fetchFailed). Does nothing if that narrow is already loading. Call it only once an event
 * queue is registered, so no message can fall between the fetch and the events.
 */
export async function fetchNewestMessages(
  client: ApiClient,
  narrow: Narrow,
  store: StoreApi<MessageStoreState> = messageStore,
): Promise<void> {
  const before = store.getState();
  if (before.narrows[narrowKey(narrow)]?.isLoading === true) return;
  const generation = before.queueGeneration;
  before.fetchStarted(narrow);
  try {
    const result = await getMessages(client, {
      ...OPEN_NARROW_WINDOW,
      narrow: narrowToApi(narrow),
      apply_markdown: true,
    });
    // If the queue was replaced meanwhile, events may have been missed after this answer:
    // don't claim to be caught up, so the narrow is fetched once more.
    const isStale = store.getState().queueGeneration !== generation;
    store.getState().messagesFetched(narrow, isStale ? { ...result, found_newest: false } : result);
  } catch (error) {
    store.getState().fetchFailed(narrow, error instanceof Error ? error.message : String(error));
  }
}

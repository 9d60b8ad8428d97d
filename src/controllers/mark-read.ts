import type { StoreApi } from "zustand/vanilla";
import type { ApiClient } from "../api/client";
import * as flagsApi from "../api/message-flags";
import { unreadStore, type ReadSelection, type UnreadStoreState } from "../stores/unread-store";

/** The endpoints mark-as-read uses; injectable for tests. */
export interface MarkReadApi {
  markAllAsRead(client: ApiClient): Promise<{ complete?: boolean | undefined }>;
  markStreamAsRead(client: ApiClient, params: { stream_id: number }): Promise<unknown>;
  markTopicAsRead(
    client: ApiClient,
    params: { stream_id: number; topic_name: string },
  ): Promise<unknown>;
  updateMessageFlags(
    client: ApiClient,
    params: { messages: readonly number[]; op: "add"; flag: "read" },
  ): Promise<unknown>;
}

/** Where mark-as-read sends its requests and whose counts it changes. */
export interface MarkReadOptions {
  api?: MarkReadApi | undefined;
  store?: StoreApi<UnreadStoreState> | undefined;
}

const defaultApi: MarkReadApi = {
  markAllAsRead: (client) => flagsApi.markAllAsRead(client),
  markStreamAsRead: (client, params) => flagsApi.markStreamAsRead(client, params),
  markTopicAsRead: (client, params) => flagsApi.markTopicAsRead(client, params),
  updateMessageFlags: (client, params) => flagsApi.updateMessageFlags(client, params),
};

/** At most this many ids per `POST /messages/flags` (what Zulip's clients send). */
export const MARK_READ_BATCH_SIZE = 1000;

/** Zulip marks all read in batches and says `complete: false` until done; don't loop forever. */
const MAX_MARK_ALL_ROUNDS = 50;

/**
 * Takes the selection out of the counts at once, then asks the server. If the request fails,
 * puts back exactly what it took out, except ids an event has settled meanwhile (marked read,
 * unread again, or deleted), and rejects with the error.
 */
async function optimistic(
  store: StoreApi<UnreadStoreState>,
  selection: ReadSelection,
  request: () => Promise<unknown>,
): Promise<void> {
  const removal = store.getState().readLocally(selection);
  try {
    await request();
  } catch (error) {
    store.getState().readLocallyFailed(removal);
    throw error;
  }
  store.getState().readLocallySettled(removal);
}

/** Marks every message read (optimistically; rolled back if the request fails). */
export function markAllAsRead(client: ApiClient, options: MarkReadOptions = {}): Promise<void> {
  const api = options.api ?? defaultApi;
  return optimistic(options.store ?? unreadStore, { kind: "all" }, async () => {
    for (let round = 0; round < MAX_MARK_ALL_ROUNDS; round++) {
      const result = await api.markAllAsRead(client);
      if (result.complete !== false) return;
    }
  });
}

/** Marks a stream's messages read (optimistically; rolled back if the request fails). */
export function markStreamAsRead(
  client: ApiClient,
  streamId: number,
  options: MarkReadOptions = {},
): Promise<void> {
  const api = options.api ?? defaultApi;
  return optimistic(options.store ?? unreadStore, { kind: "stream", streamId }, () =>
    api.markStreamAsRead(client, { stream_id: streamId }),
  );
}

/** Marks a topic's messages read (optimistically; rolled back if the request fails). */
export function markTopicAsRead(
  client: ApiClient,
  streamId: number,
  topic: string,
  options: MarkReadOptions = {},
): Promise<void> {
  const api = options.api ?? defaultApi;
  return optimistic(options.store ?? unreadStore, { kind: "topic", streamId, topic }, () =>
    api.markTopicAsRead(client, { stream_id: streamId, topic_name: topic }),
  );
}

/**
 * Marks messages read in batches of at most 1000 ids, sent one after another. All leave the
 * counts at once; if a batch fails, it and the batches not yet sent are rolled back (those
 * already accepted stay read) and the promise rejects.
 */
export async function markMessagesAsRead(
  client: ApiClient,
  messageIds: readonly number[],
  options: MarkReadOptions = {},
): Promise<void> {
  const api = options.api ?? defaultApi;
  const store = options.store ?? unreadStore;
  const ids = [...new Set(messageIds)];
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += MARK_READ_BATCH_SIZE) {
    batches.push(ids.slice(i, i + MARK_READ_BATCH_SIZE));
  }
  const removals = batches.map((batch) =>
    store.getState().readLocally({ kind: "ids", ids: batch }),
  );
  for (const [index, batch] of batches.entries()) {
    try {
      await api.updateMessageFlags(client, { messages: batch, op: "add", flag: "read" });
    } catch (error) {
      for (const removal of removals.slice(index)) store.getState().readLocallyFailed(removal);
      throw error;
    }
    const removal = removals[index];
    if (removal !== undefined) store.getState().readLocallySettled(removal);
  }
}

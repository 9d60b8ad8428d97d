// The part of the offline cache the first view carries: a synchronous look at a marker, and
// dynamic imports of the reader (only when the marker says there is a cache) and of the writer
// (once the first messages have painted). Kept this small for the first-view budget.
import type { QueryClient } from "@tanstack/react-query";
import { getNarrowState, getOpenNarrows, messageStore } from "../stores/message-store";
import { cacheDatabaseName, CACHE_MARKER_KEY, readMarker } from "./cache-name";

/**
 * At start, logged in: paints the last view from the cache when this account has one; without a
 * marker any database of the account is deleted unread (a tab-only session's whose key went with
 * its tab, or a remnant).
 */
export function restoreOfflineCache(queryClient: QueryClient): void {
  const name = cacheDatabaseName();
  if (name === null) return;
  const marker = readMarker(name);
  if (marker === null) forgetDatabase(name);
  else void import("./cache-reader").then((reader) => reader.restoreCache(queryClient, marker));
}

function forgetDatabase(name: string): void {
  try {
    indexedDB.deleteDatabase(name);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}

/** Logout: the account's database and its marker go (call it while still logged in). */
export function forgetOfflineCache(): void {
  const name = cacheDatabaseName();
  if (name === null) return;
  forgetDatabase(name);
  for (const storage of [localStorage, sessionStorage]) storage.removeItem(CACHE_MARKER_KEY);
}

/** How long after the connection starts the writer loads when no narrow is fetched (the Inbox). */
const WRITER_AT_LATEST_MS = 10_000;

/**
 * Loads and starts the writer once a narrow has been fetched and the browser is idle (after
 * that view painted, so its code is not part of the first view), or after a while when the view
 * fetches no narrow. Returns a stop function.
 */
export function startCacheWriterLater(queryClient: QueryClient): () => void {
  let stop: (() => void) | undefined;
  let isStopped = false;
  const start = () => {
    void import("./cache-writer").then((writer) => {
      if (!isStopped) stop ??= writer.startCacheWriter(queryClient);
    });
  };
  const load = () => {
    unsubscribe();
    clearTimeout(timer);
    if ("requestIdleCallback" in window) requestIdleCallback(start);
    else setTimeout(start, 1_000);
  };
  const timer = setTimeout(load, WRITER_AT_LATEST_MS);
  const unsubscribe = messageStore.subscribe((state) => {
    if (getOpenNarrows(state).some((narrow) => getNarrowState(state, narrow)?.hasFetched)) load();
  });
  return () => {
    isStopped = true;
    unsubscribe();
    clearTimeout(timer);
    stop?.();
  };
}

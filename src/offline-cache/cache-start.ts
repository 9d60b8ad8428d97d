// The part of the offline cache the first view carries: a synchronous look at a marker, and
// dynamic imports of the reader (only when the marker says there is a cache) and of the writer
// (a few seconds after the connection starts). Kept this small for the first-view budget.
import type { QueryClient } from "@tanstack/react-query";
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
  else void import("./cache-access").then((cache) => cache.restoreCache(queryClient, marker));
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

/**
 * How long after the event connection starts the writer loads: past the first view's paint, so
 * its code is not part of the first view (BENCHMARKS.md), and nothing changed before is lost
 * (its first save writes everything).
 */
const WRITER_DELAY_MS = 3_000;

/** Loads and starts the writer a little after the connection starts; returns a stop function. */
export function startCacheWriterLater(queryClient: QueryClient): () => void {
  let stopWriter: (() => void) | undefined;
  let isStopped = false;
  const timer = setTimeout(() => {
    void import("./cache-access").then((cache) => {
      if (!isStopped) stopWriter = cache.startCacheWriter(queryClient);
    });
  }, WRITER_DELAY_MS);
  return () => {
    isStopped = true;
    clearTimeout(timer);
    stopWriter?.();
  };
}

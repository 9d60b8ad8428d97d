// Which database is the logged-in account's, and the marker that says it has one: read
// synchronously at start, so kept apart from the reader and the writer.
import { sessionStore } from "../stores/session-store";

/** The key, beside the credentials, of "this account has a cache" (and the tab's key to it). */
export const CACHE_MARKER_KEY = "parley.cache";

/**
 * The logged-in account's database: one per server and user (never named after the API key);
 * null when logged out.
 */
export function cacheDatabaseName(): string | null {
  const { credentials, client } = sessionStore.getState();
  return credentials && `parley-cache ${client.baseUrl || location.origin} ${credentials.userId}`;
}

/** Where the marker lives: with the credentials, so it goes when they go (a tab's, or the device's). */
export function markerStorage(): Storage {
  return sessionStore.getState().isRemembered ? localStorage : sessionStorage;
}

/** The marker when it names `name`: `name`, a line break, the tab's key (none when remembered). */
export function readMarker(name: string): string | null {
  try {
    const marker = markerStorage().getItem(CACHE_MARKER_KEY);
    return marker?.split("\n")[0] === name ? marker : null;
  } catch {
    return null;
  }
}

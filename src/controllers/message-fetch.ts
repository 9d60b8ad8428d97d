import type { StoreApi } from "zustand/vanilla";
import type { ApiClient } from "../api/client";
import { getMessages, type GetMessagesParams } from "../api/messages";
import { rememberSearchMatches } from "../stores/search-matches";
import { narrowKey, narrowToApi, type Narrow } from "../lib/narrow";
import {
  getNarrowState,
  getOpenNarrows,
  messageStore,
  type FetchDirection,
  type MessageStoreState,
} from "../stores/message-store";

type Store = StoreApi<MessageStoreState>;
type Side = "older" | "newer";

/** The first window of a narrow: around the first unread message (the newest if none). */
const OPEN_NARROW_WINDOW = {
  anchor: "first_unread",
  num_before: 100,
  num_after: 100,
} as const;

/** How many messages `fetchOlder` and `fetchNewer` ask for at a time. */
const FETCH_BATCH_SIZE = 100;

/** Fetches in flight, per store, by narrow key and side; "around" fills both sides. */
const pendingFetches = new WeakMap<Store, Map<string, Promise<void>>>();

function pendingOf(store: Store): Map<string, Promise<void>> {
  let pending = pendingFetches.get(store);
  if (pending === undefined) {
    pending = new Map();
    pendingFetches.set(store, pending);
  }
  return pending;
}

function sidesOf(direction: FetchDirection): Side[] {
  return direction === "around" ? ["older", "newer"] : [direction];
}

function pendingFetch(store: Store, narrow: Narrow, side: Side): Promise<void> | undefined {
  return pendingOf(store).get(`${narrowKey(narrow)}|${side}`);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one `GET /messages` for the narrow through the store (fetchStarted → messagesFetched or
 * fetchFailed). A second call for a side already being fetched gets the same promise instead of a
 * second request.
 */
function runFetch(
  client: ApiClient,
  store: Store,
  narrow: Narrow,
  direction: FetchDirection,
  params: Pick<GetMessagesParams, "anchor" | "num_before" | "num_after" | "include_anchor">,
): Promise<void> {
  const sides = sidesOf(direction);
  const existing = sides.map((side) => pendingFetch(store, narrow, side)).find(Boolean);
  if (existing !== undefined) return existing;
  const ticket = store.getState().fetchStarted(narrow, direction);
  const bounds = {
    ...(direction === "older" && typeof params.anchor === "number"
      ? { before: params.anchor }
      : {}),
    ...(direction === "newer" && typeof params.anchor === "number" ? { after: params.anchor } : {}),
  };
  const promise = getMessages(client, {
    ...params,
    narrow: narrowToApi(narrow),
    apply_markdown: true,
  }).then(
    (result) => {
      // Before the store renders the rows, so that they show the highlights at once.
      rememberSearchMatches(narrow, result.messages);
      store.getState().messagesFetched(ticket, { ...result, ...bounds });
    },
    (error: unknown) => {
      store.getState().fetchFailed(ticket, errorText(error));
    },
  );
  const pending = pendingOf(store);
  const keys = sides.map((side) => `${narrowKey(narrow)}|${side}`);
  for (const key of keys) pending.set(key, promise);
  return promise.finally(() => {
    for (const key of keys) if (pending.get(key) === promise) pending.delete(key);
  });
}

/**
 * Fetches a narrow's first window, around its first unread message (Zulip's `first_unread`,
 * which is the newest when nothing is unread), unless the narrow is already fetched and live.
 * Call it once an event queue is registered, so no message falls between fetch and events.
 */
export function openNarrow(
  client: ApiClient,
  narrow: Narrow,
  store: Store = messageStore,
  anchor?: number,
): Promise<void> {
  const state = getNarrowState(store.getState(), narrow);
  if (state?.hasFetched === true && state.found_newest && state.error === null) {
    return Promise.resolve();
  }
  // `anchor`: a message to open at (`z`), in place of the first unread one.
  const window = anchor === undefined ? OPEN_NARROW_WINDOW : { ...OPEN_NARROW_WINDOW, anchor };
  return runFetch(client, store, narrow, "around", window);
}

/**
 * Jumps to the newest messages of the narrow (the "jump to newest" / End key): the newest 100.
 * When they don't touch the ids held, they replace them (no gap is ever shown).
 */
export async function fetchNewest(
  client: ApiClient,
  narrow: Narrow,
  store: Store = messageStore,
): Promise<void> {
  // A batch already on its way would swallow the jump (same side): let it land first.
  for (;;) {
    const pending = pendingFetch(store, narrow, "newer") ?? pendingFetch(store, narrow, "older");
    if (pending === undefined) break;
    await pending;
  }
  const state = getNarrowState(store.getState(), narrow);
  if (state?.hasFetched === true && state.found_newest) return;
  await runFetch(client, store, narrow, "around", {
    anchor: "newest",
    num_before: FETCH_BATCH_SIZE,
    num_after: 0,
  });
}

/** Fetches up to 100 messages before the oldest one held (the first window if none is held). */
export function fetchOlder(
  client: ApiClient,
  narrow: Narrow,
  store: Store = messageStore,
): Promise<void> {
  const state = getNarrowState(store.getState(), narrow);
  const oldest = state?.ids[0];
  if (state === undefined || oldest === undefined) {
    return state?.found_oldest === true && state.found_newest
      ? Promise.resolve()
      : openNarrow(client, narrow, store);
  }
  if (state.found_oldest) return Promise.resolve();
  return runFetch(client, store, narrow, "older", {
    anchor: oldest,
    num_before: FETCH_BATCH_SIZE,
    num_after: 0,
    include_anchor: false,
  });
}

/** Fetches up to 100 messages after the newest one held (the first window if none is held). */
export function fetchNewer(
  client: ApiClient,
  narrow: Narrow,
  store: Store = messageStore,
): Promise<void> {
  const state = getNarrowState(store.getState(), narrow);
  const newest = state?.ids.at(-1);
  if (state === undefined || newest === undefined) {
    return state?.found_oldest === true && state.found_newest
      ? Promise.resolve()
      : openNarrow(client, narrow, store);
  }
  if (state.found_newest) return Promise.resolve();
  return runFetch(client, store, narrow, "newer", {
    anchor: newest,
    num_before: 0,
    num_after: FETCH_BATCH_SIZE,
    include_anchor: false,
  });
}

/**
 * Fetches newer batches of one narrow until it is caught up. Stops when a fetch fails (the
 * narrow shows the error), or when the queue is replaced again meanwhile (that resync calls
 * `refreshOpenNarrows` anew; the narrow stays not `found_newest`).
 */
async function catchUp(client: ApiClient, narrow: Narrow, store: Store): Promise<void> {
  const generation = store.getState().queueGeneration;
  for (;;) {
    // A fetch sent before the resync may miss events: wait for it, then fetch past it.
    const pending = pendingFetch(store, narrow, "newer");
    if (pending !== undefined) await pending;
    const before = getNarrowState(store.getState(), narrow);
    if (before?.found_newest === true || store.getState().queueGeneration !== generation) return;
    await fetchNewer(client, narrow, store);
    const after = getNarrowState(store.getState(), narrow);
    if (after === undefined || after.error !== null) return;
    // No progress (an empty window that is not the newest): ask again later, not in a loop.
    if (!after.found_newest && after.ids.at(-1) === before?.ids.at(-1)) return;
  }
}

/**
 * After a resync: every open narrow refetches from its newest known message, in batches, until
 * caught up. Messages merge by id: no duplicate, no gap; the ids on screen stay meanwhile.
 */
export async function refreshOpenNarrows(
  client: ApiClient,
  store: Store = messageStore,
): Promise<void> {
  await Promise.all(getOpenNarrows(store.getState()).map((n) => catchUp(client, n, store)));
}

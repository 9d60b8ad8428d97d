import type { Message } from "../../common/wire/message";
import { messageMatchesNarrow, type Narrow } from "../lib/narrow";
import { forgetMessage, storeMessage, type NarrowChanges } from "./message-changes";
import { coveredRange, ensureEntry, type MessageData, type NarrowEntry } from "./message-data";
import { mergeSortedIds } from "./message-ids";

/** Which way a fetch extends a narrow: the first window around an anchor, or one end. */
export type FetchDirection = "around" | "older" | "newer";

/** Handed out when a fetch starts and given back with its answer. */
export interface FetchTicket {
  readonly narrow: Narrow;
  readonly direction: FetchDirection;
  /** The event clock when the fetch was sent: events after it beat the fetched copies. */
  readonly sentAt: number;
  /** The queue generation when the fetch was sent; a change means events may have been missed. */
  readonly generation: number;
}

/** The part of a `GET /messages` answer the store needs (a `GetMessagesResponse` fits). */
export interface FetchedWindow {
  readonly messages: readonly Message[];
  readonly found_oldest: boolean;
  readonly found_newest: boolean;
  /** The resolved anchor; bounds the window when it came back empty. */
  readonly anchor?: number | undefined;
  /** The request asked only for ids above this one (`fetchNewer` excludes its anchor). */
  readonly after?: number | undefined;
  /** The request asked only for ids below this one (`fetchOlder` excludes its anchor). */
  readonly before?: number | undefined;
}

function setLoading(entry: NarrowEntry, direction: FetchDirection, isLoading: boolean): void {
  if (direction !== "newer") entry.loadingOlder = isLoading;
  if (direction !== "older") entry.loadingNewer = isLoading;
}

/** Marks the fetch in flight and hands out its ticket. */
export function startFetch(
  data: MessageData,
  changes: NarrowChanges,
  narrow: Narrow,
  direction: FetchDirection,
  generation: number,
): FetchTicket {
  const entry = ensureEntry(data, narrow);
  setLoading(entry, direction, true);
  entry.error = null;
  changes.markChanged(entry);
  const ticket = { narrow, direction, sentAt: data.clock, generation };
  data.openFetches.add(ticket);
  return ticket;
}

function endFetch(data: MessageData, ticket: FetchTicket): void {
  data.openFetches.delete(ticket);
  // No fetch left to race with: the record of who touched what can go.
  if (data.openFetches.size === 0) data.touchedDuringFetch.clear();
}

/** Whether the ticket's fetch is still awaited (not answered, not from before a reset). */
export function isOpenFetch(data: MessageData, ticket: FetchTicket): boolean {
  return data.openFetches.has(ticket);
}

/** Records a failed fetch: the ids on screen stay. */
export function failFetch(
  data: MessageData,
  changes: NarrowChanges,
  ticket: FetchTicket,
  error: string,
): void {
  const entry = ensureEntry(data, ticket.narrow);
  setLoading(entry, ticket.direction, false);
  entry.error = error;
  changes.markChanged(entry);
  endFetch(data, ticket);
}

function wasTouchedSince(data: MessageData, id: number, ticket: FetchTicket): boolean {
  return (data.touchedDuringFetch.get(id) ?? -Infinity) > ticket.sentAt;
}

/**
 * Stores the fetched messages, except where an event touched a message after the fetch was sent:
 * that copy is newer and stays (and a message deleted meanwhile is not brought back). Returns the
 * ids the window contributes, ascending.
 */
function storeFetched(
  data: MessageData,
  changes: NarrowChanges,
  window: FetchedWindow,
  ticket: FetchTicket,
  ownUserId: number,
): number[] {
  const ids: number[] = [];
  for (const message of window.messages) {
    if (wasTouchedSince(data, message.id, ticket)) {
      if (data.messages.has(message.id)) ids.push(message.id);
      continue;
    }
    // The server's copy may show a move we missed; other narrows follow it.
    storeMessage(data, changes, message, ownUserId);
    ids.push(message.id);
  }
  return ids.sort((a, b) => a - b);
}

/**
 * The closed id range the window covers completely. An excluded anchor bounds it even when the
 * server says `found_oldest`/`found_newest`: the anchor itself is not in the answer, so the
 * answer is no authority on it.
 */
function windowRange(window: FetchedWindow, ids: readonly number[]) {
  const first = ids[0] ?? window.anchor ?? Infinity;
  const last = ids[ids.length - 1] ?? window.anchor ?? -Infinity;
  const low =
    window.after !== undefined ? window.after + 1 : window.found_oldest ? -Infinity : first;
  const high =
    window.before !== undefined ? window.before - 1 : window.found_newest ? Infinity : last;
  return { low, high };
}

/**
 * Merges the window with the ids held when the two ranges touch (inside the window the server's
 * answer is authoritative, outside it ours stays), and replaces them when they don't, so a list
 * never silently has a gap.
 */
function mergeWindow(
  entry: NarrowEntry,
  ids: number[],
  window: FetchedWindow,
  foundNewest: boolean,
): void {
  if (entry.isSearchedOnDevice) {
    // The server's answer replaces a search made on this device while it could not be asked.
    entry.isSearchedOnDevice = false;
    entry.ids.replace(ids);
    entry.found_oldest = window.found_oldest;
    entry.found_newest = foundNewest;
    return;
  }
  const fetched = windowRange(window, ids);
  const held = coveredRange(entry);
  // Ids restored from the offline cache are not trusted past the first answer.
  // Ids restored from the offline cache are not trusted past the first answer.
  const isTouching =
    !entry.fromCache && held.high + 1 >= fetched.low && fetched.high + 1 >= held.low;
  if (!isTouching) {
    entry.ids.replace(ids);
    entry.found_oldest = window.found_oldest;
    entry.found_newest = foundNewest;
    return;
  }
  entry.ids.replace(mergeSortedIds(entry.ids.outside(fetched.low, fetched.high), ids));
  entry.found_oldest ||= window.found_oldest;
  entry.found_newest ||= foundNewest;
}

/** Narrows whose fetch returns every message stored there that the user may read. */
const LOCATION_NARROWS: ReadonlySet<string> = new Set(["stream", "topic", "dm", "dms"]);

/**
 * A message held in a place narrow, inside the range the server just answered for, that the
 * answer leaves out was deleted or moved away while we did not hear of it (the page was away,
 * or the queue was lost): it leaves the store, so no narrow derived later shows it. Not for
 * "all" (it may hold messages of streams the user only browses), flag narrows (the flag may
 * have changed, not the message) or searches.
 */
function forgetVanished(
  data: MessageData,
  changes: NarrowChanges,
  entry: NarrowEntry,
  window: FetchedWindow,
  ids: readonly number[],
  ticket: FetchTicket,
  ownUserId: number,
): void {
  if (!LOCATION_NARROWS.has(entry.narrow.kind)) return;
  const { low, high } = windowRange(window, ids);
  const returned = new Set(ids);
  for (const id of entry.ids.between(low, high)) {
    if (returned.has(id) || wasTouchedSince(data, id, ticket)) continue;
    const message = data.messages.get(id);
    if (message !== undefined && messageMatchesNarrow(entry.narrow, message, ownUserId)) {
      forgetMessage(data, changes, message, ownUserId);
    }
  }
}

/**
 * Events that touched messages of this narrow after the fetch was sent are newer than its
 * answer: a message deleted meanwhile leaves, one moved out leaves, one that arrived or moved
 * in joins if the (now larger) covered range includes it.
 */
function reconcileWithEvents(
  data: MessageData,
  changes: NarrowChanges,
  entry: NarrowEntry,
  ticket: FetchTicket,
  ownUserId: number,
): void {
  const { low, high } = coveredRange(entry);
  for (const [id, tick] of data.touchedDuringFetch) {
    if (tick <= ticket.sentAt) continue;
    const message = data.messages.get(id);
    const isMatch = message !== undefined && messageMatchesNarrow(entry.narrow, message, ownUserId);
    const isHeld = entry.ids.has(id);
    if (isHeld && !isMatch) changes.remove(entry, id);
    else if (!isHeld && isMatch && id >= low && id <= high) changes.add(entry, id);
  }
}

/** Applies a fetch's answer to its narrow (see `mergeWindow` and `reconcileWithEvents`). */
export function finishFetch(
  data: MessageData,
  changes: NarrowChanges,
  ticket: FetchTicket,
  window: FetchedWindow,
  context: { generation: number; ownUserId: number },
): void {
  const { ownUserId } = context;
  const entry = ensureEntry(data, ticket.narrow);
  const ids = storeFetched(data, changes, window, ticket, ownUserId);
  // A queue replaced while the fetch was out may have lost events after its answer.
  const foundNewest = window.found_newest && ticket.generation === context.generation;
  forgetVanished(data, changes, entry, window, ids, ticket, ownUserId);
  mergeWindow(entry, ids, window, foundNewest);
  entry.fromCache = false;
  reconcileWithEvents(data, changes, entry, ticket, ownUserId);
  setLoading(entry, ticket.direction, false);
  entry.error = null;
  entry.hasFetched = true;
  changes.markChanged(entry);
  endFetch(data, ticket);
}

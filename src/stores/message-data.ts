import type { Message } from "../../common/wire/message";
import { dmsNarrow, narrowKey, streamNarrow, type Narrow } from "../lib/narrow";
import { IdList } from "./message-ids";

/** What one narrow shows: ids in ascending order (never copies of messages) and fetch state. */
export interface NarrowState {
  readonly narrow: Narrow;
  /** Ascending, no duplicates. Each `NarrowState` object's list never changes. */
  readonly ids: readonly number[];
  /** The list reaches the first message of the narrow. */
  readonly found_oldest: boolean;
  /** The list reaches the newest message, so live messages join it. */
  readonly found_newest: boolean;
  /** Any fetch of this narrow in flight (`loadingOlder || loadingNewer`). */
  readonly isLoading: boolean;
  /** A fetch towards older messages (or the first window) is in flight. */
  readonly loadingOlder: boolean;
  /** A fetch towards newer messages (or the first window, or a refresh) is in flight. */
  readonly loadingNewer: boolean;
  readonly error: string | null;
  /** Whether the server has answered a fetch of this narrow (not only derived from a wider one). */
  readonly hasFetched: boolean;
  /**
   * The ids are a search of the messages held on this device (`searchedOnDevice`: the server
   * could not be asked), not the server's answer; its first answer replaces them.
   */
  readonly isSearchedOnDevice: boolean;
  /** Grows with every change of this narrow's list or fetch state. */
  readonly version: number;
}

/** The mutable record behind a `NarrowState`; only the store's own modules touch it. */
export interface NarrowEntry {
  readonly narrow: Narrow;
  readonly ids: IdList;
  found_oldest: boolean;
  found_newest: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  error: string | null;
  hasFetched: boolean;
  isSearchedOnDevice: boolean;
  /**
   * The ids came from the offline cache (or were derived from a narrow that did) and the server
   * has not answered for this narrow since: the first answer replaces them rather than merging,
   * since messages may have been deleted or moved while the page was away.
   */
  fromCache: boolean;
  version: number;
  view: NarrowState;
}

/**
 * The store's data, mutated in place by the actions (each then bumps the store's `version`), so
 * one event costs O(1) map operations instead of copying 100,000-entry records.
 */
export interface MessageData {
  readonly messages: Map<number, Message>;
  /**
   * The ids of every stored message by the key of each narrow it matches (`candidateNarrowKeys`,
   * "all" and search aside), kept with the messages: a narrow's list is then a range of one
   * index list, so opening a narrow costs O(log n), not a scan of 100,000 messages.
   */
  readonly byKey: Map<string, IdList>;
  readonly narrows: Map<string, NarrowEntry>;
  /** How many views show each narrow, by key. */
  readonly openCounts: Map<string, number>;
  /** Ticks every event; a fetch records the tick it was sent at. */
  clock: number;
  /** Tickets of the fetches started and not yet answered. */
  readonly openFetches: Set<object>;
  /**
   * The tick at which an event last touched each message, kept only while a fetch is in flight
   * (an event after the fetch was sent beats the fetched copy; earlier ones cannot).
   */
  readonly touchedDuringFetch: Map<number, number>;
}

export function createMessageData(): MessageData {
  return {
    messages: new Map(),
    byKey: new Map(),
    narrows: new Map(),
    openCounts: new Map(),
    clock: 0,
    openFetches: new Set(),
    touchedDuringFetch: new Map(),
  };
}

/** Records that an event touched these messages now. */
export function touch(data: MessageData, ids: Iterable<number>): void {
  data.clock++;
  if (data.openFetches.size === 0) return;
  for (const id of ids) data.touchedDuringFetch.set(id, data.clock);
}

function buildView(entry: Omit<NarrowEntry, "view">): NarrowState {
  const readIds = entry.ids.snapshot();
  return {
    narrow: entry.narrow,
    get ids() {
      return readIds();
    },
    found_oldest: entry.found_oldest,
    found_newest: entry.found_newest,
    isLoading: entry.loadingOlder || entry.loadingNewer,
    loadingOlder: entry.loadingOlder,
    loadingNewer: entry.loadingNewer,
    error: entry.error,
    hasFetched: entry.hasFetched,
    isSearchedOnDevice: entry.isSearchedOnDevice,
    version: entry.version,
  };
}

/** Publishes an entry's changes: a new `NarrowState` object, so views re-render. */
export function refreshView(entry: NarrowEntry): void {
  entry.version++;
  entry.view = buildView(entry);
}

function createEntry(narrow: Narrow, ids: number[], found_oldest: boolean, found_newest: boolean) {
  const fields = {
    narrow,
    ids: new IdList(ids),
    found_oldest,
    found_newest,
    loadingOlder: false,
    loadingNewer: false,
    error: null,
    hasFetched: false,
    isSearchedOnDevice: false,
    fromCache: false,
    version: 0,
  };
  const entry: NarrowEntry = { ...fields, view: buildView(fields) };
  return entry;
}

/** The closed id range a narrow's list is known to cover completely. */
export function coveredRange(entry: NarrowEntry): { low: number; high: number } {
  return {
    low: entry.found_oldest ? -Infinity : (entry.ids.first ?? Infinity),
    high: entry.found_newest ? Infinity : (entry.ids.last ?? -Infinity),
  };
}

/** Whether the narrow's list is known to be complete around `id`. */
export function isCovered(entry: NarrowEntry, id: number): boolean {
  const { low, high } = coveredRange(entry);
  return id >= low && id <= high;
}

/** Wider narrows whose list covers a range that this narrow's list then covers too. */
function supersetKeys(narrow: Narrow): string[] {
  switch (narrow.kind) {
    case "topic":
      return [narrowKey(streamNarrow(narrow.streamId, narrow.streamName)), "all"];
    case "stream":
    case "dm":
      return [narrowKey(dmsNarrow()), "all"];
    case "dms":
    case "starred":
    case "mentions":
      return ["all"];
    case "all":
    case "search":
      return [];
  }
}

/**
 * A new narrow's list, derived from a wider narrow already held: every message of the narrow
 * inside the wider list's covered range is in the wider list, hence stored, hence in the index.
 * This makes switching to a narrow instant; the first fetch then merges with it.
 */
function deriveEntry(data: MessageData, narrow: Narrow): NarrowEntry {
  const index = data.byKey.get(narrowKey(narrow));
  for (const key of supersetKeys(narrow)) {
    const wider = data.narrows.get(key);
    if (wider === undefined || (wider.ids.length === 0 && !wider.found_oldest)) continue;
    const { low, high } = coveredRange(wider);
    const ids = index?.between(low, high) ?? [];
    // An empty result would lose the wider range's lower bound: claim nothing then.
    if (ids.length === 0 && !wider.found_oldest) continue;
    const entry = createEntry(narrow, ids, wider.found_oldest, wider.found_newest);
    entry.fromCache = wider.fromCache;
    return entry;
  }
  return createEntry(narrow, [], false, false);
}

/** The narrow's entry, created (derived from a wider narrow if possible) when missing. */
export function ensureEntry(data: MessageData, narrow: Narrow): NarrowEntry {
  const key = narrowKey(narrow);
  let entry = data.narrows.get(key);
  if (entry === undefined) {
    entry = deriveEntry(data, narrow);
    data.narrows.set(key, entry);
  }
  return entry;
}

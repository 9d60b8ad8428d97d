import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Message } from "../api/types/message";
import { messageMatchesNarrow, narrowKey, type Narrow } from "../lib/narrow";

/** What one narrow shows: ids in ascending order (never copies of messages) and fetch state. */
export interface NarrowState {
  readonly narrow: Narrow;
  readonly ids: readonly number[];
  /** The list reaches the first message of the narrow. */
  readonly found_oldest: boolean;
  /** The list reaches the newest message, so live messages may be appended to it. */
  readonly found_newest: boolean;
  readonly isLoading: boolean;
  readonly error: string | null;
}

/** The part of a `GET /messages` result the store needs. */
export interface FetchedWindow {
  readonly messages: readonly Message[];
  readonly found_oldest: boolean;
  readonly found_newest: boolean;
}

/** The message store: data plus actions, each named after what happened. */
export interface MessageStoreState {
  /** Every known message, once, by id. */
  readonly messages: Readonly<Record<number, Message>>;
  /** Per-narrow lists, by `narrowKey`. */
  readonly narrows: Readonly<Record<string, NarrowState>>;
  /** Bumped when the event queue is replaced; a fetch that spans a bump may have a gap. */
  readonly queueGeneration: number;

  /** A fetch for the narrow began; existing ids stay on screen meanwhile. */
  fetchStarted(narrow: Narrow): void;
  /**
   * A window of the narrow arrived. It is merged with the ids already held when the two
   * ranges touch, and replaces them when they don't (so a list never silently has a gap).
   */
  messagesFetched(narrow: Narrow, window: FetchedWindow): void;
  fetchFailed(narrow: Narrow, error: string): void;
  /**
   * A `message` event: the message is kept by id and joins every narrow it matches that has
   * `found_newest` (others would get a gap; they pick it up when fetched).
   */
  messageReceived(message: Message, flags: readonly string[]): void;
  /**
   * A new event queue replaced a lost one, so events in between were missed: no narrow is
   * known to be up to date. Ids stay on screen until the narrow is fetched again.
   */
  eventQueueReplaced(): void;
  /** Forget everything (logout). */
  reset(): void;
}

const EMPTY = { messages: {}, narrows: {}, queueGeneration: 0 } as const;

/** Merges two ascending id lists into one ascending list without duplicates. */
export function mergeSortedIds(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const next = y === undefined || (x !== undefined && x <= y) ? x : y;
    if (next === undefined) break;
    if (next === x) i++;
    if (next === y) j++;
    if (merged.at(-1) !== next) merged.push(next);
  }
  return merged;
}

/** The id range a list is known to cover completely. */
function coveredRange(ids: readonly number[], foundOldest: boolean, foundNewest: boolean) {
  return {
    low: foundOldest ? -Infinity : (ids[0] ?? Infinity),
    high: foundNewest ? Infinity : (ids.at(-1) ?? -Infinity),
  };
}

function mergeWindow(
  existing: NarrowState | undefined,
  narrow: Narrow,
  fetchedIds: number[],
  window: FetchedWindow,
): NarrowState {
  const base = { narrow, isLoading: false, error: null };
  const fetched = coveredRange(fetchedIds, window.found_oldest, window.found_newest);
  if (existing === undefined || existing.ids.length === 0) {
    return {
      ...base,
      ids: fetchedIds,
      found_oldest: window.found_oldest,
      found_newest: window.found_newest,
    };
  }
  const held = coveredRange(existing.ids, existing.found_oldest, existing.found_newest);
  const isTouching = held.high >= fetched.low && held.low <= fetched.high;
  if (!isTouching) {
    return {
      ...base,
      ids: fetchedIds,
      found_oldest: window.found_oldest,
      found_newest: window.found_newest,
    };
  }
  // Inside the fetched range the server's answer is authoritative; outside it we keep ours.
  const kept = existing.ids.filter((id) => id < fetched.low || id > fetched.high);
  return {
    ...base,
    ids: mergeSortedIds(kept, fetchedIds),
    found_oldest: existing.found_oldest || window.found_oldest,
    found_newest: existing.found_newest || window.found_newest,
  };
}

/**
 * Messages that arrived by event while the fetch was in flight are newer than its answer;
 * when the narrow is caught up they belong at its end.
 */
function absorbNewer(state: NarrowState, messages: Readonly<Record<number, Message>>): NarrowState {
  if (!state.found_newest) return state;
  const newest = state.ids.at(-1) ?? (state.found_oldest ? -Infinity : Infinity);
  const newer = Object.values(messages)
    .filter((message) => message.id > newest && messageMatchesNarrow(state.narrow, message))
    .map((message) => message.id)
    .sort((a, b) => a - b);
  return newer.length === 0 ? state : { ...state, ids: mergeSortedIds(state.ids, newer) };
}

function updateNarrow(
  narrows: Readonly<Record<string, NarrowState>>,
  narrow: Narrow,
  update: (existing: NarrowState | undefined) => NarrowState,
): Record<string, NarrowState> {
  const key = narrowKey(narrow);
  return { ...narrows, [key]: update(narrows[key]) };
}

function emptyNarrow(narrow: Narrow): NarrowState {
  return {
    narrow,
    ids: [],
    found_oldest: false,
    found_newest: false,
    isLoading: false,
    error: null,
  };
}

type MessageData = Pick<MessageStoreState, "messages" | "narrows" | "queueGeneration">;

function withFetchStatus(
  state: MessageData,
  narrow: Narrow,
  status: Pick<NarrowState, "isLoading" | "error">,
): Partial<MessageData> {
  return {
    narrows: updateNarrow(state.narrows, narrow, (existing) => ({
      ...(existing ?? emptyNarrow(narrow)),
      ...status,
    })),
  };
}

function withFetched(
  state: MessageData,
  narrow: Narrow,
  window: FetchedWindow,
): Partial<MessageData> {
  const messages = { ...state.messages };
  for (const message of window.messages) messages[message.id] = message;
  const fetchedIds = mergeSortedIds(
    [],
    window.messages.map((message) => message.id).sort((a, b) => a - b),
  );
  const narrows = updateNarrow(state.narrows, narrow, (existing) =>
    absorbNewer(mergeWindow(existing, narrow, fetchedIds, window), messages),
  );
  return { messages, narrows };
}

function withReceived(
  state: MessageData,
  message: Message,
  flags: readonly string[],
): Partial<MessageData> {
  const narrows: Record<string, NarrowState> = { ...state.narrows };
  for (const [key, narrowState] of Object.entries(state.narrows)) {
    if (narrowState.found_newest && messageMatchesNarrow(narrowState.narrow, message)) {
      narrows[key] = { ...narrowState, ids: mergeSortedIds(narrowState.ids, [message.id]) };
    }
  }
  return {
    messages: { ...state.messages, [message.id]: { ...message, flags: [...flags] } },
    narrows,
  };
}

function withQueueReplaced(state: MessageData): Partial<MessageData> {
  const narrows = Object.fromEntries(
    Object.entries(state.narrows).map(([key, narrowState]) => [
      key,
      { ...narrowState, found_newest: false },
    ]),
  );
  return { queueGeneration: state.queueGeneration + 1, narrows };
}

/** Creates a message store; the app uses the one `messageStore`, tests make their own. */
export function createMessageStore(): StoreApi<MessageStoreState> {
  return createStore<MessageStoreState>()((set) => ({
    ...EMPTY,
    fetchStarted: (narrow) => {
      set((state) => withFetchStatus(state, narrow, { isLoading: true, error: null }));
    },
    messagesFetched: (narrow, window) => {
      set((state) => withFetched(state, narrow, window));
    },
    fetchFailed: (narrow, error) => {
      set((state) => withFetchStatus(state, narrow, { isLoading: false, error }));
    },
    messageReceived: (message, flags) => {
      set((state) => withReceived(state, message, flags));
    },
    eventQueueReplaced: () => {
      set(withQueueReplaced);
    },
    reset: () => {
      set(EMPTY);
    },
  }));
}

/** The app's message store. */
export const messageStore = createMessageStore();

/** Reads from the app's message store in a component (re-renders when the selection changes). */
export function useMessageStore<T>(selector: (state: MessageStoreState) => T): T {
  return useStore(messageStore, selector);
}

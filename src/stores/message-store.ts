import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Message } from "../../common/wire/message";
import { narrowKey, type Narrow } from "../lib/narrow";
import { NarrowChanges } from "./message-changes";
import { createMessageData, ensureEntry, type MessageData, type NarrowState } from "./message-data";
import {
  applyDeleted,
  applyFlags,
  applyQueueReplaced,
  applyReaction,
  applyReceived,
  applyUpdate,
  type FlagChange,
  type MessageUpdate,
  type ReactionChange,
  type ReceivedMessage,
} from "./message-events";
import {
  failFetch,
  finishFetch,
  isOpenFetch,
  startFetch,
  type FetchDirection,
  type FetchedWindow,
  type FetchTicket,
} from "./message-window";
import type { IdList } from "./message-ids";
import type { StoreActions } from "./store-actions";

export type { NarrowState } from "./message-data";
export type { FlagChange, MessageUpdate, ReactionChange, ReceivedMessage } from "./message-events";
export type { FetchDirection, FetchedWindow } from "./message-window";

/** The message store: data plus actions, each named after what happened. */
export interface MessageStoreState {
  /**
   * Messages once by id and per-narrow id lists. Mutated in place (so an event costs O(1), not a
   * copy of 100,000 entries): read it only through `getMessage`, `getNarrowState` and the other
   * selectors, which return objects that are replaced when they change.
   */
  readonly data: MessageData;
  /** Grows with every change of the data; a cheap dependency for memos over many messages. */
  readonly version: number;
  /** Grows when the event queue is replaced; a fetch that spans a change may have a gap. */
  readonly queueGeneration: number;
  /** Who "self" is for direct-message and mention matching. */
  readonly ownUserId: number | null;

  sessionStarted(ownUserId: number): void;
  /** `message` events: idempotent by id; flags stored on the message. */
  messagesReceived(received: readonly ReceivedMessage[]): void;
  /** One `message` event (kept for callers that apply events one at a time). */
  messageReceived(message: Message, flags: readonly string[]): void;
  messageUpdated(update: MessageUpdate): void;
  messagesDeleted(messageIds: readonly number[]): void;
  /** Idempotent; keeps the starred and mentions narrows right. */
  flagsChanged(change: FlagChange): void;
  /** Idempotent. */
  reactionChanged(change: ReactionChange): void;
  /** Events may have been missed: no narrow is "newest" any more; ids stay on screen. */
  eventQueueReplaced(): void;
  /**
   * A view shows the narrow (ref-counted). A narrow not held yet is derived at once from a wider
   * one held (topic from its stream, anything from "all"), so switching shows messages at once.
   */
  narrowOpened(narrow: Narrow): void;
  narrowClosed(narrow: Narrow): void;
  /**
   * A fetch of the narrow begins (existing ids stay on screen). Give the ticket back to
   * `messagesFetched` or `fetchFailed`.
   */
  fetchStarted(narrow: Narrow, direction: FetchDirection): FetchTicket;
  /**
   * A window arrived: merged with the ids held when the ranges touch, replacing them when they
   * don't (never a gap); an event that touched a message after the fetch was sent wins.
   */
  messagesFetched(ticket: FetchTicket, window: FetchedWindow): void;
  fetchFailed(ticket: FetchTicket, error: string): void;
  /**
   * A change worked out by a module the first view does not load (the offline cache's restore,
   * `message-restore.ts`; a search on this device, `message-device-search.ts`): `apply` changes
   * the data and records the narrows it changed, and the store publishes it as its own actions do.
   */
  changeApplied(
    apply: (data: MessageData, changes: NarrowChanges, ownUserId: number) => void,
  ): void;
  /** Forget everything (logout); answers to fetches sent before are dropped. */
  reset(): void;
}

/** A stored message by id. */
export function getMessage(state: MessageStoreState, id: number): Message | undefined {
  return state.data.messages.get(id);
}

/** A narrow's list and fetch state; a new object whenever either changes. */
export function getNarrowState(state: MessageStoreState, narrow: Narrow): NarrowState | undefined {
  return state.data.narrows.get(narrowKey(narrow))?.view;
}

/** The narrows some view shows. */
export function getOpenNarrows(state: MessageStoreState): Narrow[] {
  const narrows: Narrow[] = [];
  for (const key of state.data.openCounts.keys()) {
    const entry = state.data.narrows.get(key);
    if (entry !== undefined) narrows.push(entry.narrow);
  }
  return narrows;
}

/** How many messages the store holds. */
export function messageCount(state: MessageStoreState): number {
  return state.data.messages.size;
}

/** Creates a message store; the app uses the one `messageStore`, tests make their own. */
export function createMessageStore(): StoreApi<MessageStoreState> {
  return createStore<MessageStoreState>()((set, get) => {
    /** Runs a change of the data, then publishes it (new views, new version). */
    function change<T>(apply: (data: MessageData, changes: NarrowChanges, own: number) => T): T {
      const state = get();
      const changes = new NarrowChanges();
      const result = apply(state.data, changes, state.ownUserId ?? -1);
      changes.apply();
      set({ version: state.version + 1 });
      return result;
    }
    const context = () => ({ generation: get().queueGeneration, ownUserId: get().ownUserId ?? -1 });

    return {
      data: createMessageData(),
      version: 0,
      queueGeneration: 0,
      ownUserId: null,
      sessionStarted: (ownUserId) => {
        set({ ownUserId });
      },
      messagesReceived: (received) => {
        change((data, changes, own) => {
          applyReceived(data, changes, received, own);
        });
      },
      messageReceived: (message, flags) => {
        get().messagesReceived([{ message, flags }]);
      },
      messageUpdated: (update) => {
        change((data, changes, own) => {
          applyUpdate(data, changes, update, own);
        });
      },
      messagesDeleted: (messageIds) => {
        change((data, changes, own) => {
          applyDeleted(data, changes, messageIds, own);
        });
      },
      flagsChanged: (flagChange) => {
        change((data, changes, own) => {
          applyFlags(data, changes, flagChange, own);
        });
      },
      reactionChanged: (reaction) => {
        change((data) => {
          applyReaction(data, reaction);
        });
      },
      eventQueueReplaced: () => {
        change((data) => {
          applyQueueReplaced(data);
        });
        set((state) => ({ queueGeneration: state.queueGeneration + 1 }));
      },
      narrowOpened: (narrow) => {
        change((data) => {
          const key = narrowKey(narrow);
          data.openCounts.set(key, (data.openCounts.get(key) ?? 0) + 1);
          ensureEntry(data, narrow);
        });
      },
      narrowClosed: (narrow) => {
        change((data) => {
          const key = narrowKey(narrow);
          const count = (data.openCounts.get(key) ?? 0) - 1;
          if (count > 0) data.openCounts.set(key, count);
          else data.openCounts.delete(key);
        });
      },
      fetchStarted: (narrow, direction) =>
        change((data, changes) =>
          startFetch(data, changes, narrow, direction, get().queueGeneration),
        ),
      messagesFetched: (ticket, window) => {
        if (!isOpenFetch(get().data, ticket)) return;
        change((data, changes) => {
          finishFetch(data, changes, ticket, window, context());
        });
      },
      fetchFailed: (ticket, error) => {
        if (!isOpenFetch(get().data, ticket)) return;
        change((data, changes) => {
          failFetch(data, changes, ticket, error);
        });
      },
      changeApplied: (apply) => {
        change(apply);
      },
      reset: () => {
        set((state) => ({
          data: createMessageData(),
          version: state.version + 1,
          ownUserId: null,
        }));
      },
    };
  });
}

/** The app's message store. */
export const messageStore = createMessageStore();

/**
 * Reads from the app's message store in a component (re-renders when the selection changes).
 * Select through `getNarrowState`/`getMessage`; never select `data` itself (it is mutated).
 */
export function useMessageStore<T>(selector: (state: MessageStoreState) => T): T {
  return useStore(messageStore, selector);
}

/** The message store's actions, for event handlers and code outside React (see `StoreActions`). */
export const messageActions: StoreActions<MessageStoreState> = messageStore.getInitialState();

/** A stored message by id now, for event handlers (components use `useMessageStore`). */
export function currentMessage(id: number): Message | undefined {
  return getMessage(messageStore.getState(), id);
}

/** A narrow's list and fetch state now, for event handlers and effects. */
export function currentNarrowState(narrow: Narrow): NarrowState | undefined {
  return getNarrowState(messageStore.getState(), narrow);
}

/**
 * The ids of every stored message by narrow key now (`MessageData.byKey`), for a watcher that
 * starts from here and then follows the store's changes.
 */
export function currentIdLists(): ReadonlyMap<string, IdList> {
  return messageStore.getState().data.byKey;
}

import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Message } from "../../common/wire/message";
import { messageMatchesNarrow, type Narrow } from "../lib/narrow";
import { getMessage, useMessageStore, type MessageStoreState } from "./message-store";
import type { StoreActions } from "./store-actions";

/** Where an outgoing message goes. Direct: the other participants, or `[ownId]` for oneself. */
export type OutboxDestination =
  | { readonly type: "stream"; streamId: number; streamName: string; topic: string }
  | { readonly type: "direct"; userIds: readonly number[] };

/** One message on its way out, shown as a local echo until its real message is shown. */
export interface OutboxEntry {
  /** Sent as `local_id` on every attempt; our `message` event carries it back. */
  readonly localId: string;
  readonly destination: OutboxDestination;
  /** The Markdown as typed (given back to the compose box on cancel). */
  readonly content: string;
  /** Message-shaped echo: a negative placeholder id and the content rendered like the final one. */
  readonly echo: Message;
  /**
   * `sending`: a request is in flight, or it waits for the earlier entries of its conversation
   * (or for the event queue after a reload);
   * `retrying`: a transient failure, retried by itself at `nextRetryAt` (or it waits behind
   * such an entry of its conversation, which goes at that time);
   * `failed`: the server refused it (`error` says why), waiting for retry or cancel;
   * `sent`: the server accepted it as `messageId`, and its message hasn't arrived yet.
   */
  readonly status: "sending" | "retrying" | "failed" | "sent";
  readonly messageId: number | null;
  readonly error: string | null;
  readonly nextRetryAt: number | null;
  readonly createdAt: number;
}

/** The outbox: entries oldest first, and whose outbox it is. */
export interface OutboxState {
  /** The logged-in email the entries belong to (and are persisted under); null before any. */
  readonly owner: string | null;
  readonly entries: readonly OutboxEntry[];

  /** A session began: `owner`'s entries (restored from storage) replace whatever was held. */
  sessionLoaded(owner: string, entries: readonly OutboxEntry[]): void;
  messageQueued(entry: OutboxEntry): void;
  /** A request for the entry went out. */
  sendStarted(localId: string): void;
  /** It waits to be sent: behind the earlier entries of its conversation, or retried by the user. */
  sendWaiting(localId: string): void;
  /** The server accepted it; its message event may still be on its way. */
  sendAccepted(localId: string, messageId: number): void;
  /** Retried by itself at `nextRetryAt` (a network error, a timeout, 5xx or 429). */
  retryScheduled(localId: string, nextRetryAt: number, error: string): void;
  /** The server refused it; kept until the user retries or cancels. */
  sendFailed(localId: string, error: string): void;
  /** The echo was re-rendered (the Markdown renderer finished loading). */
  echoRendered(localId: string, echo: Message): void;
  /** Delivered (its message arrived) or cancelled. */
  entriesRemoved(localIds: readonly string[]): void;
  /** Forget everything (not the persisted copy). */
  reset(): void;
}

/** The entry with `localId`, if held. */
export function findOutboxEntry(state: OutboxState, localId: string): OutboxEntry | undefined {
  return state.entries.find((entry) => entry.localId === localId);
}

type EntryChange = Partial<
  Pick<OutboxEntry, "status" | "messageId" | "error" | "nextRetryAt" | "echo">
>;

/** Creates an outbox store; the app uses `outboxStore`, tests make their own. */
export function createOutboxStore(): StoreApi<OutboxState> {
  return createStore<OutboxState>()((set) => {
    const change = (localId: string, fields: EntryChange) => {
      set((state) => {
        const index = state.entries.findIndex((entry) => entry.localId === localId);
        const current = state.entries[index];
        if (current === undefined) return state;
        const entries = [...state.entries];
        entries[index] = { ...current, ...fields };
        return { entries };
      });
    };
    return {
      owner: null,
      entries: [],
      sessionLoaded: (owner, entries) => {
        set({ owner, entries: [...entries] });
      },
      messageQueued: (entry) => {
        set((state) => ({ entries: [...state.entries, entry] }));
      },
      sendStarted: (localId) => {
        change(localId, { status: "sending", error: null, nextRetryAt: null });
      },
      sendWaiting: (localId) => {
        change(localId, { status: "sending", error: null, nextRetryAt: null });
      },
      sendAccepted: (localId, messageId) => {
        change(localId, { status: "sent", messageId, error: null, nextRetryAt: null });
      },
      retryScheduled: (localId, nextRetryAt, error) => {
        change(localId, { status: "retrying", nextRetryAt, error });
      },
      sendFailed: (localId, error) => {
        change(localId, { status: "failed", error, nextRetryAt: null });
      },
      echoRendered: (localId, echo) => {
        change(localId, { echo });
      },
      entriesRemoved: (localIds) => {
        const removed = new Set(localIds);
        set((state) =>
          state.entries.some((entry) => removed.has(entry.localId))
            ? { entries: state.entries.filter((entry) => !removed.has(entry.localId)) }
            : state,
        );
      },
      reset: () => {
        set({ owner: null, entries: [] });
      },
    };
  });
}

/** The app's outbox. */
export const outboxStore = createOutboxStore();

/** The outbox store's actions, for code outside React (see `StoreActions`). */
export const outboxActions: StoreActions<OutboxState> = outboxStore.getInitialState();

/** Reads from the app's outbox in a component. */
function useOutboxStore<T>(selector: (state: OutboxState) => T): T {
  return useStore(outboxStore, selector);
}

/**
 * Entries to show in the narrow, oldest first: every status, minus those whose message the
 * message store already holds (so an echo and its message are never both shown).
 */
export function selectOutboxForNarrow(
  entries: readonly OutboxEntry[],
  messages: MessageStoreState,
  narrow: Narrow,
): readonly OutboxEntry[] {
  return entries.filter((entry) => {
    if (entry.messageId !== null && getMessage(messages, entry.messageId) !== undefined) {
      return false;
    }
    return messageMatchesNarrow(narrow, entry.echo, messages.ownUserId ?? entry.echo.sender_id);
  });
}

/** `selectOutboxForNarrow` for a component; re-renders only when the list changes. */
export function useOutboxForNarrow(narrow: Narrow): readonly OutboxEntry[] {
  const entries = useOutboxStore((state) => state.entries);
  return useMessageStore(
    useShallow((messages) => selectOutboxForNarrow(entries, messages, narrow)),
  );
}

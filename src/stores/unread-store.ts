import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Message } from "../../common/wire/message";
import type { UnreadMessages } from "../../common/wire/register";
import { dmKey, MENTION_FLAGS, topicKey, type Narrow } from "../lib/narrow";
import type { FlagChange, MessageUpdate, ReceivedMessage } from "./message-events";
import { getMessage, messageStore } from "./message-store";
import {
  createUnreadData,
  entryOfDetail,
  entryOfMessage,
  loadSnapshot,
  putUnread,
  removeUnread,
  settlePending,
  type UnreadData,
  type UnreadEntry,
  type UnreadRemoval,
} from "./unread-data";
import type { StoreActions } from "./store-actions";
import type { VisibilityPolicy } from "../../common/wire/user-topics";
import {
  hiddenUnread,
  isTopicVisible,
  NO_MUTING,
  topicPolicy,
  visibleStreamUnread,
  withStreamMuted,
  withTopicPolicy,
  type Muting,
} from "./muting";

/** Which unreads a local mark-as-read takes out. */
export type ReadSelection =
  | { readonly kind: "all" }
  | { readonly kind: "stream"; readonly streamId: number }
  | { readonly kind: "topic"; readonly streamId: number; readonly topic: string }
  | { readonly kind: "ids"; readonly ids: readonly number[] };

/** Unread counts per stream, topic and conversation, and in total, kept right by events. */
export interface UnreadStoreState {
  /** Mutated in place; read it through the selectors below. */
  readonly data: UnreadData;
  /** Grows with every change. */
  readonly version: number;
  readonly ownUserId: number | null;
  /** The server had more unreads than its snapshot lists (Zulip caps it at 50,000). */
  readonly oldUnreadsMissing: boolean;
  /** Muted streams and topic policies: what the counts leave out, as Zulip's. */
  readonly muting: Muting;

  /** Replaces everything with the register snapshot's `unread_msgs`. */
  snapshotLoaded(unread: UnreadMessages, ownUserId: number): void;
  /** New messages: unread unless their flags say "read". */
  messagesReceived(received: readonly ReceivedMessage[]): void;
  /** Idempotent (sets). Also settles local mark-as-read awaiting the server. */
  flagsChanged(change: FlagChange): void;
  messagesDeleted(messageIds: readonly number[]): void;
  /** Topic and stream moves move the unread ids with them. */
  messageUpdated(update: MessageUpdate): void;
  /**
   * A local mark-as-read: the counts drop at once. Returns what was taken out, for
   * `readLocallySettled` or `readLocallyFailed`.
   */
  readLocally(selection: ReadSelection): UnreadRemoval;
  /** The server accepted a local mark-as-read. */
  readLocallySettled(removal: UnreadRemoval): void;
  /** The server refused it: puts back what was taken out, minus what events settled meanwhile. */
  readLocallyFailed(removal: UnreadRemoval): void;
  /** Register's `subscriptions` (their `is_muted`) and `user_topics`. */
  mutingLoaded(muting: Muting): void;
  /** A `subscription` event muted or unmuted a stream (or removed it: unmuted). */
  streamMuteChanged(streamId: number, isMuted: boolean): void;
  /** A `user_topic` event. */
  topicPolicyChanged(streamId: number, topic: string, policy: VisibilityPolicy): void;
  reset(): void;
}

function selects(selection: ReadSelection, entry: UnreadEntry): boolean {
  const { where } = entry;
  switch (selection.kind) {
    case "all":
      return true;
    case "stream":
      return where.kind === "stream" && where.streamId === selection.streamId;
    case "topic":
      return (
        where.kind === "stream" &&
        where.streamId === selection.streamId &&
        where.topic.toLowerCase() === selection.topic.toLowerCase()
      );
    case "ids":
      return false;
  }
}

function takeOut(data: UnreadData, selection: ReadSelection): UnreadRemoval {
  const ids =
    selection.kind === "ids"
      ? selection.ids
      : [...data.byId].filter(([, entry]) => selects(selection, entry)).map(([id]) => id);
  const removal: UnreadRemoval = new Map();
  for (const id of ids) {
    const entry = removeUnread(data, id);
    if (entry !== undefined) removal.set(id, entry);
  }
  data.pending.add(removal);
  return removal;
}

function movedEntry(entry: UnreadEntry, update: MessageUpdate): UnreadEntry {
  if (entry.where.kind !== "stream") return entry;
  const streamId = update.new_stream_id ?? entry.where.streamId;
  const topic = update.subject ?? entry.where.topic;
  return { ...entry, where: { kind: "stream", streamId, topic } };
}

function applyUpdate(data: UnreadData, update: MessageUpdate): void {
  const ids = update.message_ids.length > 0 ? update.message_ids : [update.message_id];
  for (const id of ids) {
    const entry = data.byId.get(id);
    if (entry !== undefined) {
      const mentioned =
        id === update.message_id && update.flags !== undefined
          ? update.flags.some((flag) => MENTION_FLAGS.has(flag))
          : entry.mentioned;
      putUnread(data, id, { ...movedEntry(entry, update), mentioned });
    }
    // A rollback must put a moved message back where it now is.
    for (const removal of data.pending) {
      const removed = removal.get(id);
      if (removed !== undefined) removal.set(id, movedEntry(removed, update));
    }
  }
}

function applyReadFlag(
  data: UnreadData,
  change: FlagChange,
  ownUserId: number,
  lookupMessage: (id: number) => Message | undefined,
): void {
  if (change.op === "add") {
    const ids = change.all === true ? [...data.byId.keys()] : change.messages;
    for (const id of ids) removeUnread(data, id);
    settlePending(data, change.all === true ? "all" : ids);
    return;
  }
  for (const id of change.messages) {
    const detail = change.message_details?.[String(id)];
    const message = detail === undefined ? lookupMessage(id) : undefined;
    const entry =
      detail !== undefined
        ? entryOfDetail(detail, ownUserId)
        : message !== undefined
          ? entryOfMessage(message, message.flags ?? [], ownUserId)
          : { where: { kind: "unknown" as const }, mentioned: false };
    putUnread(data, id, entry);
  }
  settlePending(data, change.messages);
}

/** Options of `createUnreadStore`. */
export interface UnreadStoreOptions {
  /** Finds a message (for a "remove read" event without `message_details`). */
  lookupMessage?: ((id: number) => Message | undefined) | undefined;
}

/** Creates an unread store; the app uses the one `unreadStore`, tests make their own. */
export function createUnreadStore(options: UnreadStoreOptions = {}): StoreApi<UnreadStoreState> {
  const lookupMessage =
    options.lookupMessage ?? ((id: number) => getMessage(messageStore.getState(), id));
  return createStore<UnreadStoreState>()((set, get) => {
    function change<T>(apply: (data: UnreadData, own: number) => T): T {
      const state = get();
      const result = apply(state.data, state.ownUserId ?? -1);
      set({ version: state.version + 1 });
      return result;
    }
    return {
      data: createUnreadData(),
      version: 0,
      ownUserId: null,
      oldUnreadsMissing: false,
      muting: NO_MUTING,
      snapshotLoaded: (unread, ownUserId) => {
        const { data: previous, version } = get();
        const data = createUnreadData();
        loadSnapshot(data, unread, ownUserId);
        // Local mark-as-read still awaiting the server stays applied over the snapshot.
        for (const removal of previous.pending) {
          for (const id of removal.keys()) {
            // Not unread in the snapshot: the server has settled it.
            const entry = removeUnread(data, id);
            if (entry === undefined) removal.delete(id);
            else removal.set(id, entry);
          }
          data.pending.add(removal);
        }
        set({
          data,
          ownUserId,
          oldUnreadsMissing: unread.old_unreads_missing,
          version: version + 1,
        });
      },
      messagesReceived: (received) => {
        change((data, own) => {
          for (const { message, flags } of received) {
            if (flags.includes("read")) removeUnread(data, message.id);
            else putUnread(data, message.id, entryOfMessage(message, flags, own));
          }
        });
      },
      flagsChanged: (flagChange) => {
        if (flagChange.flag !== "read") return;
        change((data, own) => {
          applyReadFlag(data, flagChange, own, lookupMessage);
        });
      },
      messagesDeleted: (messageIds) => {
        change((data) => {
          for (const id of messageIds) removeUnread(data, id);
          settlePending(data, messageIds);
        });
      },
      messageUpdated: (update) => {
        change((data) => {
          applyUpdate(data, update);
        });
      },
      readLocally: (selection) => change((data) => takeOut(data, selection)),
      readLocallySettled: (removal) => {
        change((data) => data.pending.delete(removal));
      },
      readLocallyFailed: (removal) => {
        change((data) => {
          if (!data.pending.delete(removal)) return;
          for (const [id, entry] of removal) putUnread(data, id, entry);
        });
      },
      mutingLoaded: (muting) => {
        set((state) => ({ muting, version: state.version + 1 }));
      },
      streamMuteChanged: (streamId, isMuted) => {
        set((state) => ({
          muting: withStreamMuted(state.muting, streamId, isMuted),
          version: state.version + 1,
        }));
      },
      topicPolicyChanged: (streamId, topic, policy) => {
        set((state) => ({
          muting: withTopicPolicy(state.muting, streamId, topic, policy),
          version: state.version + 1,
        }));
      },
      reset: () => {
        set((state) => ({
          data: createUnreadData(),
          version: state.version + 1,
          ownUserId: null,
          oldUnreadsMissing: false,
          muting: NO_MUTING,
        }));
      },
    };
  });
}

/** The app's unread store. */
export const unreadStore = createUnreadStore();

/** Reads from the app's unread store in a component; select through the functions below. */
export function useUnreadStore<T>(selector: (state: UnreadStoreState) => T): T {
  return useStore(unreadStore, selector);
}

/** Every unread message, muted or not (what "Mark all as read" marks). */
export function allUnread(state: UnreadStoreState): number {
  return state.data.byId.size;
}

/** The unreads Zulip counts: all but those in muted topics and streams (see `isTopicVisible`). */
export function totalUnread(state: UnreadStoreState): number {
  return state.data.byId.size - hiddenUnread(state.data.streamTopics, state.muting);
}

/** A stream's unreads Zulip counts: in a muted stream, only its unmuted and followed topics. */
export function streamUnread(state: UnreadStoreState, streamId: number): number {
  const { muting } = state;
  if (!muting.mutedStreams.has(streamId) && !muting.policies.has(streamId)) {
    return state.data.streams.get(streamId) ?? 0;
  }
  return visibleStreamUnread(state.data.streamTopics, muting, streamId);
}

/**
 * Whether muting hides a conversation: a topic the user muted, or one in a muted stream that the
 * user did not unmute or follow. The Inbox leaves these out, and the counts do.
 */
export function isConversationMuted(
  state: UnreadStoreState,
  streamId: number,
  topic: string,
): boolean {
  return !isTopicVisible(state.muting, streamId, topic);
}

export function isStreamMuted(state: UnreadStoreState, streamId: number): boolean {
  return state.muting.mutedStreams.has(streamId);
}

/** The user's visibility policy for a topic (0: none). */
export function topicVisibilityPolicy(
  state: UnreadStoreState,
  streamId: number,
  topic: string,
): VisibilityPolicy {
  return topicPolicy(state.muting, streamId, topic);
}

/** A topic's own unreads, muted or not (the sidebar shows a muted topic's count dimmed). */
export function topicUnread(state: UnreadStoreState, streamId: number, topic: string): number {
  return state.data.topics.get(topicKey(streamId, topic)) ?? 0;
}

/** `userIds`: the other participants (any order), or [own id] for the conversation with oneself. */
export function dmUnread(state: UnreadStoreState, userIds: readonly number[]): number {
  return state.data.dms.get(dmKey([...new Set(userIds)].sort((a, b) => a - b))) ?? 0;
}

export function mentionUnread(state: UnreadStoreState): number {
  return state.data.mentions;
}

export function isUnread(state: UnreadStoreState, messageId: number): boolean {
  return state.data.byId.has(messageId);
}

/** The unread count of a narrow; 0 for starred and search narrows (not counted). */
export function narrowUnread(state: UnreadStoreState, narrow: Narrow): number {
  switch (narrow.kind) {
    case "all":
      return totalUnread(state);
    case "stream":
      return streamUnread(state, narrow.streamId);
    case "topic":
      return topicUnread(state, narrow.streamId, narrow.topic);
    case "dm":
      return dmUnread(state, narrow.userIds);
    case "mentions":
      return mentionUnread(state);
    case "dms":
      return [...state.data.dms.values()].reduce((sum, count) => sum + count, 0);
    case "starred":
    case "search":
      return 0;
  }
}

/** The unread store's actions, for event handlers and code outside React (see `StoreActions`). */
export const unreadActions: StoreActions<UnreadStoreState> = unreadStore.getInitialState();

/** Whether the message is unread now, for handlers and timers (components use `useUnreadStore`). */
export function isUnreadNow(messageId: number): boolean {
  return isUnread(unreadStore.getState(), messageId);
}

/** The user's muting now, for handlers (desktop notifications). */
export function currentMuting(): Muting {
  return unreadStore.getState().muting;
}

/** A topic's visibility policy now, and whether its stream is muted, for event handlers. */
export function currentTopicMuting(
  streamId: number,
  topic: string,
): { policy: VisibilityPolicy; isStreamMuted: boolean } {
  const state = unreadStore.getState();
  return {
    policy: topicVisibilityPolicy(state, streamId, topic),
    isStreamMuted: isStreamMuted(state, streamId),
  };
}

/** Every unread message now, muted or not, by id with where each lives (marking a place read). */
export function currentUnreadEntries(): ReadonlyMap<number, UnreadEntry> {
  return unreadStore.getState().data.byId;
}

/** The unread messages now that muting does not hide, by id with where each lives ("next unread"). */
export function currentCountedUnreadEntries(): [number, UnreadEntry][] {
  const { data, muting } = unreadStore.getState();
  return [...data.byId].filter(
    ([, { where }]) =>
      where.kind !== "stream" || isTopicVisible(muting, where.streamId, where.topic),
  );
}

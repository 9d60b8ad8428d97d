import type { QueryClient } from "@tanstack/react-query";
import type { ServerEvent } from "../../common/wire/events";
import type { RegisterResponse, UnreadMessages } from "../../common/wire/register";
import type { MessageStoreState, ReceivedMessage } from "../stores/message-store";
import type { UnreadStoreState } from "../stores/unread-store";
import { mutingFromSnapshot } from "../stores/muting";
import {
  eventsInApplyOrder,
  type EventBatch,
  type MessageChangeEvent,
  type ServerEventOf,
  type Warn,
} from "./event-batch";

/** The message-store actions events drive. */
export type MessageSink = Pick<
  MessageStoreState,
  | "sessionStarted"
  | "messagesReceived"
  | "messageUpdated"
  | "messagesDeleted"
  | "flagsChanged"
  | "reactionChanged"
  | "eventQueueReplaced"
>;

/** The unread-store actions events drive. */
export type UnreadSink = Pick<
  UnreadStoreState,
  | "snapshotLoaded"
  | "messagesReceived"
  | "messageUpdated"
  | "messagesDeleted"
  | "flagsChanged"
  | "mutingLoaded"
  | "streamMuteChanged"
  | "topicPolicyChanged"
>;

/** One of our own messages came back as an event (`local_message_id` when we sent it here). */
interface ArrivedMessage {
  readonly messageId: number;
  readonly localId: string | undefined;
}

/** Everything a snapshot and events are applied to; injected so tests can use spies. */
export interface ApplyTargets {
  queryClient: QueryClient;
  /** Read at each use, so a store that replaces its state object is always current. */
  messages: () => MessageSink;
  unreads: () => UnreadSink;
  /** Records the new queue (message fetches wait for one). */
  queueRegistered: (queueId: string) => void;
  /** Who is logged in, for a snapshot that doesn't say (`user_id` is optional on the wire). */
  ownUserId: () => number | undefined;
  outbox: {
    /** A queue exists now: entries waiting for one (e.g. restored after a reload) are sent. */
    queueRegistered: () => void;
    messagesArrived: (arrived: readonly ArrivedMessage[]) => void;
  };
  seedQueries: (queryClient: QueryClient, snapshot: RegisterResponse) => void;
  applyToQueries: (queryClient: QueryClient, event: ServerEvent) => void;
  /** After a resync: every open narrow fetches what it missed. */
  refreshOpenNarrows: () => Promise<void>;
  warn: Warn;
}

const NO_UNREADS: UnreadMessages = {
  count: 0,
  streams: [],
  pms: [],
  huddles: [],
  mentions: [],
  old_unreads_missing: false,
};

/**
 * Puts a register snapshot in place. It replaces the old state at once, without clearing
 * anything first, so the screen never goes blank; on a resync the narrows are told they may have
 * missed events and refetched in the background (messages merge by id: no duplicate, no gap).
 */
export function applySnapshot(
  targets: ApplyTargets,
  snapshot: RegisterResponse,
  { isResync }: { isResync: boolean },
): void {
  const ownUserId = snapshot.user_id ?? targets.ownUserId();
  if (ownUserId === undefined) {
    targets.warn("The register snapshot does not say who we are; unread counts are skipped");
  } else {
    targets.messages().sessionStarted(ownUserId);
    targets.unreads().snapshotLoaded(snapshot.unread_msgs ?? NO_UNREADS, ownUserId);
  }
  if (snapshot.subscriptions !== undefined) {
    targets
      .unreads()
      .mutingLoaded(mutingFromSnapshot(snapshot.subscriptions, snapshot.user_topics ?? []));
  }
  if (isResync) targets.messages().eventQueueReplaced();
  targets.seedQueries(targets.queryClient, snapshot);
  targets.queueRegistered(snapshot.queue_id);
  targets.outbox.queueRegistered();
  if (isResync) {
    targets.refreshOpenNarrows().catch((error: unknown) => {
      targets.warn("Refetching the open narrows after a resync failed", error);
    });
  }
}

/** The ids a `delete_message` event removes: a list, or one id from older servers. */
function deletedMessageIds(event: ServerEventOf<"delete_message">): number[] {
  // Both shapes are loose objects, so `in` can't tell them apart for the compiler.
  const ids: unknown = event.message_ids;
  if (Array.isArray(ids)) return ids.filter((id: unknown): id is number => typeof id === "number");
  const id: unknown = event.message_id;
  return typeof id === "number" ? [id] : [];
}

function applyChange(targets: ApplyTargets, event: MessageChangeEvent): void {
  switch (event.type) {
    case "delete_message": {
      const ids = deletedMessageIds(event);
      targets.messages().messagesDeleted(ids);
      targets.unreads().messagesDeleted(ids);
      break;
    }
    case "update_message_flags":
      targets.messages().flagsChanged(event);
      targets.unreads().flagsChanged(event);
      break;
    case "reaction":
      targets.messages().reactionChanged(event);
      break;
  }
}

/** Muting changes (`user_topic`; a `subscription` muted, unmuted or removed) to the counts. */
function applyMutingEvent(unreads: UnreadSink, event: ServerEvent): void {
  if (event.type === "user_topic") {
    unreads.topicPolicyChanged(event.stream_id, event.topic_name, event.visibility_policy);
  } else if (event.type === "subscription") {
    if (event.op === "update" && event.property === "is_muted") {
      unreads.streamMuteChanged(event.stream_id, event.value === true);
    } else if (event.op === "update" && event.property === "in_home_view") {
      unreads.streamMuteChanged(event.stream_id, event.value === false);
    } else if (event.op === "add") {
      for (const sub of event.subscriptions) unreads.streamMuteChanged(sub.stream_id, sub.is_muted);
    }
  }
}

/**
 * Applies one validated batch in its order: new messages together (then the outbox drops their
 * echoes, in the same tick, so an echo and its message are never both shown), edits, deletions
 * and flag and reaction changes; then every event, in that order, to the query caches.
 * A throw propagates: the event machine answers it with a resync.
 */
export function applyEventBatch(targets: ApplyTargets, batch: EventBatch): void {
  if (batch.messages.length > 0) {
    const received: ReceivedMessage[] = batch.messages.map((event) => ({
      message: event.message,
      flags: event.flags,
    }));
    targets.messages().messagesReceived(received);
    targets.unreads().messagesReceived(received);
    targets.outbox.messagesArrived(
      batch.messages.map((event) => ({
        messageId: event.message.id,
        localId: event.local_message_id,
      })),
    );
  }
  for (const update of batch.updates) {
    targets.messages().messageUpdated(update);
    targets.unreads().messageUpdated(update);
  }
  for (const change of batch.changes) applyChange(targets, change);
  for (const event of eventsInApplyOrder(batch)) {
    applyMutingEvent(targets.unreads(), event);
    targets.applyToQueries(targets.queryClient, event);
  }
}

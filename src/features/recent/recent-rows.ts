import type { Message } from "../../../common/wire/message";
import { dmKey, dmParticipants, topicKey } from "../../lib/narrow";

/** A stream's topic, or a direct conversation. */
type Conversation =
  | {
      /** `narrowKey` of the topic (topics compare case-insensitively). */
      readonly key: string;
      readonly kind: "topic";
      readonly streamId: number;
      /** As the newest message writes it. */
      readonly topic: string;
    }
  | {
      /** `narrowKey` of the conversation. */
      readonly key: string;
      readonly kind: "dm";
      /** The other participants (or [own id] for the conversation with oneself). */
      readonly userIds: readonly number[];
    };

/** One line of Recent conversations. */
export type RecentRow = Conversation & {
  /** Its newest message held. */
  readonly maxId: number;
  /** When that message was sent (UNIX seconds). */
  readonly timestamp: number;
  /** Who wrote in it, the latest writer first, each once. */
  readonly senderIds: readonly number[];
  /** Whether the user wrote in it. */
  readonly participated: boolean;
};

interface Building {
  conversation: Conversation;
  maxId: number;
  timestamp: number;
  participated: boolean;
  /** The newest message id of each sender. */
  senders: Map<number, number>;
}

function conversationOf(message: Message, ownUserId: number): Conversation | undefined {
  if (message.type === "stream") {
    if (message.stream_id === undefined) return undefined;
    const { stream_id: streamId, subject: topic } = message;
    return { key: topicKey(streamId, topic), kind: "topic", streamId, topic };
  }
  if (typeof message.display_recipient === "string") return undefined;
  const userIds = dmParticipants(message, ownUserId);
  return { key: dmKey(userIds), kind: "dm", userIds };
}

/**
 * Every conversation of `messages` (any order; each message once), newest first: Zulip's Recent
 * conversations, built from the messages held. A message moved to another topic counts where it
 * now is; a deleted one, no longer held, not at all.
 */
export function recentConversations(messages: Iterable<Message>, ownUserId: number): RecentRow[] {
  const byKey = new Map<string, Building>();
  for (const message of messages) {
    const conversation = conversationOf(message, ownUserId);
    if (conversation === undefined) continue;
    const isOwn = message.sender_id === ownUserId;
    const building = byKey.get(conversation.key);
    if (building === undefined) {
      byKey.set(conversation.key, {
        conversation,
        maxId: message.id,
        timestamp: message.timestamp,
        participated: isOwn,
        senders: new Map([[message.sender_id, message.id]]),
      });
      continue;
    }
    const { senders } = building;
    senders.set(message.sender_id, Math.max(senders.get(message.sender_id) ?? 0, message.id));
    building.participated ||= isOwn;
    if (message.id > building.maxId) {
      building.conversation = conversation;
      building.maxId = message.id;
      building.timestamp = message.timestamp;
    }
  }
  return [...byKey.values()]
    .map(({ conversation, maxId, timestamp, participated, senders }): RecentRow => ({
      ...conversation,
      maxId,
      timestamp,
      participated,
      senderIds: [...senders].sort((a, b) => b[1] - a[1]).map(([id]) => id),
    }))
    .sort((a, b) => b.maxId - a.maxId);
}

/** Recent conversations' filters, as Zulip's. */
export interface RecentFilters {
  /** Only conversations with unread messages. */
  readonly unreadOnly: boolean;
  /** Only conversations the user wrote in. */
  readonly participated: boolean;
  /** Only this stream's topics (and no direct conversation); null for all. */
  readonly streamId: number | null;
  /** Text the stream and topic (or the participants' names) contain, ignoring case. */
  readonly text: string;
}

export const NO_RECENT_FILTERS: RecentFilters = {
  unreadOnly: false,
  participated: false,
  streamId: null,
  text: "",
};

/** The rows the filters keep, in their order. */
export function filterRecent(
  rows: readonly RecentRow[],
  filters: RecentFilters,
  lookups: {
    /** The row's unread count. */
    unreadCount: (row: RecentRow) => number;
    /** What the text filter searches: "stream topic", or the participants' names. */
    label: (row: RecentRow) => string;
  },
): RecentRow[] {
  const text = filters.text.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!filters.unreadOnly || lookups.unreadCount(row) > 0) &&
      (!filters.participated || row.participated) &&
      (filters.streamId === null || (row.kind === "topic" && row.streamId === filters.streamId)) &&
      (text === "" || lookups.label(row).toLowerCase().includes(text)),
  );
}

import type { Message } from "../../common/wire/message";
import type { UnreadMessages } from "../../common/wire/register";
import { dmKey, dmParticipants, MENTION_FLAGS, topicKey } from "../lib/narrow";
import type { UnreadMessageDetail } from "./message-events";

/** Where an unread message lives, as far as the counts care. */
type UnreadWhere =
  | { readonly kind: "stream"; readonly streamId: number; readonly topic: string }
  /** `key` is `dmKey` of the other participants (or of [own id] for a message to oneself). */
  | { readonly kind: "dm"; readonly key: string }
  /** Known unread, place unknown (e.g. a mention outside the snapshot's lists): total only. */
  | { readonly kind: "unknown" };

export interface UnreadEntry {
  readonly where: UnreadWhere;
  readonly mentioned: boolean;
}

/** Ids taken out by a local mark-as-read not yet confirmed; what a rollback would put back. */
export type UnreadRemoval = Map<number, UnreadEntry>;

/**
 * Unread ids as a map (a set with places), so every change is idempotent, and the counts
 * derived from it kept up to date in O(1) per id. Mutated in place; the store bumps its version.
 */
export interface UnreadData {
  readonly byId: Map<number, UnreadEntry>;
  readonly streams: Map<number, number>;
  /** By `topicKey` (topics compare case-insensitively). */
  readonly topics: Map<string, number>;
  /** The same counts by stream, then lower-cased topic (to leave out muted topics). */
  readonly streamTopics: Map<number, Map<string, number>>;
  /** By `dmKey`. */
  readonly dms: Map<string, number>;
  mentions: number;
  /** Local removals awaiting the server. */
  readonly pending: Set<UnreadRemoval>;
}

export function createUnreadData(): UnreadData {
  return {
    byId: new Map(),
    streams: new Map(),
    topics: new Map(),
    streamTopics: new Map(),
    dms: new Map(),
    mentions: 0,
    pending: new Set(),
  };
}

function bump<K>(counts: Map<K, number>, key: K, delta: number): void {
  const count = (counts.get(key) ?? 0) + delta;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

function count(data: UnreadData, entry: UnreadEntry, delta: number): void {
  const { where } = entry;
  if (where.kind === "stream") {
    bump(data.streams, where.streamId, delta);
    bump(data.topics, topicKey(where.streamId, where.topic), delta);
    const topics = data.streamTopics.get(where.streamId) ?? new Map<string, number>();
    bump(topics, where.topic.toLowerCase(), delta);
    if (topics.size > 0) data.streamTopics.set(where.streamId, topics);
    else data.streamTopics.delete(where.streamId);
  } else if (where.kind === "dm") {
    bump(data.dms, where.key, delta);
  }
  if (entry.mentioned) data.mentions += delta;
}

/** Takes an id out of the unreads; returns what it was, if it was unread. */
export function removeUnread(data: UnreadData, id: number): UnreadEntry | undefined {
  const entry = data.byId.get(id);
  if (entry === undefined) return undefined;
  data.byId.delete(id);
  count(data, entry, -1);
  return entry;
}

/** Makes an id unread at a place (idempotent; a second call moves it). */
export function putUnread(data: UnreadData, id: number, entry: UnreadEntry): void {
  removeUnread(data, id);
  data.byId.set(id, entry);
  count(data, entry, 1);
}

/** The server settled these ids (read, unread or deleted): a rollback must leave them alone. */
export function settlePending(data: UnreadData, ids: Iterable<number> | "all"): void {
  for (const removal of data.pending) {
    if (ids === "all") removal.clear();
    else for (const id of ids) removal.delete(id);
  }
}

function dmWhere(userIds: readonly number[]): UnreadWhere {
  return { kind: "dm", key: dmKey([...new Set(userIds)].sort((a, b) => a - b)) };
}

/** Where a message lives, from the message itself. */
export function entryOfMessage(
  message: Message,
  flags: readonly string[],
  ownUserId: number,
): UnreadEntry {
  const mentioned = flags.some((flag) => MENTION_FLAGS.has(flag));
  if (message.type === "stream" && message.stream_id !== undefined) {
    return {
      where: { kind: "stream", streamId: message.stream_id, topic: message.subject },
      mentioned,
    };
  }
  if (message.type === "private") {
    return { where: dmWhere(dmParticipants(message, ownUserId)), mentioned };
  }
  return { where: { kind: "unknown" }, mentioned };
}

/** Where a message lives, from the `message_details` of a "remove read" event. */
export function entryOfDetail(detail: UnreadMessageDetail, ownUserId: number): UnreadEntry {
  const mentioned = detail.mentioned === true;
  if (detail.type === "stream" && detail.stream_id !== undefined && detail.topic !== undefined) {
    return {
      where: { kind: "stream", streamId: detail.stream_id, topic: detail.topic },
      mentioned,
    };
  }
  if (detail.type === "private") {
    // The server sends the other participants: none for a conversation with oneself.
    const others = (detail.user_ids ?? []).filter((id) => id !== ownUserId);
    return { where: dmWhere(others.length === 0 ? [ownUserId] : others), mentioned };
  }
  return { where: { kind: "unknown" }, mentioned };
}

/** Fills empty data from `register`'s `unread_msgs`. */
export function loadSnapshot(data: UnreadData, unread: UnreadMessages, ownUserId: number): void {
  const mentions = new Set(unread.mentions);
  const put = (ids: readonly number[], where: UnreadWhere) => {
    for (const id of ids) putUnread(data, id, { where, mentioned: mentions.has(id) });
  };
  for (const stream of unread.streams) {
    put(stream.unread_message_ids, {
      kind: "stream",
      streamId: stream.stream_id,
      topic: stream.topic,
    });
  }
  for (const pm of unread.pms) put(pm.unread_message_ids, dmWhere([pm.other_user_id]));
  for (const huddle of unread.huddles) {
    const others = huddle.user_ids_string
      .split(",")
      .map(Number)
      .filter((id) => id !== ownUserId);
    put(huddle.unread_message_ids, dmWhere(others.length === 0 ? [ownUserId] : others));
  }
  const stray = unread.mentions.filter((id) => !data.byId.has(id));
  put(stray, { kind: "unknown" });
}

import type { Message } from "../../common/wire/message";
import type { NarrowTerm } from "../../common/wire/responses";

/**
 * A view of messages. Streams are identified by id (the name is for display and may be
 * outdated); a direct conversation by the OTHER participants' ids, ascending, or `[ownId]` for
 * a conversation with oneself.
 */
export type Narrow =
  | { readonly kind: "all" }
  | { readonly kind: "stream"; readonly streamId: number; readonly streamName: string }
  | {
      readonly kind: "topic";
      readonly streamId: number;
      readonly streamName: string;
      readonly topic: string;
    }
  | { readonly kind: "dm"; readonly userIds: readonly number[] }
  | { readonly kind: "dms" }
  | { readonly kind: "starred" }
  | { readonly kind: "mentions" }
  | { readonly kind: "search"; readonly query: string };

export type StreamNarrow = Extract<Narrow, { kind: "stream" }>;
export type TopicNarrow = Extract<Narrow, { kind: "topic" }>;
export type DmNarrow = Extract<Narrow, { kind: "dm" }>;

/** The flags that put a message in the mentions narrow (what the server's `is:mentioned` reads). */
export const MENTION_FLAGS: ReadonlySet<string> = new Set([
  "mentioned",
  "wildcard_mentioned",
  "stream_wildcard_mentioned",
  "topic_wildcard_mentioned",
]);

export function allMessagesNarrow(): Narrow {
  return { kind: "all" };
}

export function streamNarrow(streamId: number, streamName: string): StreamNarrow {
  return { kind: "stream", streamId, streamName };
}

export function topicNarrow(streamId: number, streamName: string, topic: string): TopicNarrow {
  return { kind: "topic", streamId, streamName, topic };
}

/** A direct conversation; the ids are sorted and deduplicated so equal sets give equal narrows. */
export function dmNarrow(userIds: readonly number[]): DmNarrow {
  return { kind: "dm", userIds: sortedUnique(userIds) };
}

/** Every direct message (Zulip's direct message feed, `is:dm`). */
export function dmsNarrow(): Narrow {
  return { kind: "dms" };
}

export function starredNarrow(): Narrow {
  return { kind: "starred" };
}

export function mentionsNarrow(): Narrow {
  return { kind: "mentions" };
}

export function searchNarrow(query: string): Narrow {
  return { kind: "search", query };
}

function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * A stable identity for store lookups: streams by id (so a rename keeps the key), topics
 * case-insensitively as on the server, conversations by their sorted participant ids.
 */
export function narrowKey(narrow: Narrow): string {
  switch (narrow.kind) {
    case "all":
    case "dms":
    case "starred":
    case "mentions":
      return narrow.kind;
    case "stream":
      return `stream:${narrow.streamId}`;
    case "topic":
      return topicKey(narrow.streamId, narrow.topic);
    case "dm":
      return dmKey(narrow.userIds);
    case "search":
      return `search:${narrow.query}`;
  }
}

/** `narrowKey` of a topic narrow, without building the narrow. */
export function topicKey(streamId: number, topic: string): string {
  return `topic:${streamId}:${topic.toLowerCase()}`;
}

/** `narrowKey` of a direct conversation whose (other) participants are `userIds`, sorted. */
export function dmKey(sortedUserIds: readonly number[]): string {
  return `dm:${sortedUserIds.join(",")}`;
}

/** Zulip's `narrow` parameter for `GET /messages` (streams by id, which survives renames). */
export function narrowToApi(narrow: Narrow): NarrowTerm[] {
  switch (narrow.kind) {
    case "all":
      return [];
    case "stream":
      return [{ operator: "stream", operand: narrow.streamId }];
    case "topic":
      return [
        { operator: "stream", operand: narrow.streamId },
        { operator: "topic", operand: narrow.topic },
      ];
    case "dm":
      return [{ operator: "dm", operand: [...narrow.userIds] }];
    case "dms":
      return [{ operator: "is", operand: "dm" }];
    case "starred":
      return [{ operator: "is", operand: "starred" }];
    case "mentions":
      return [{ operator: "is", operand: "mentioned" }];
    case "search":
      return [{ operator: "search", operand: narrow.query }];
  }
}

/** The other participants of a direct message (ascending), or [ownUserId] for a message to oneself. */
export function dmParticipants(message: Message, ownUserId: number): number[] {
  const recipients = message.display_recipient;
  const ids = typeof recipients === "string" ? [] : recipients.map((user) => user.id);
  const others = sortedUnique([...ids, message.sender_id].filter((id) => id !== ownUserId));
  return others.length === 0 ? [ownUserId] : others;
}

/** Whether a direct message's participants, minus oneself, are exactly `userIds` (no allocation). */
function isConversation(message: Message, userIds: readonly number[], ownUserId: number): boolean {
  const recipients = message.display_recipient;
  if (typeof recipients === "string") return false;
  const isSelf = userIds.length === 1 && userIds[0] === ownUserId;
  let others = 0;
  for (const user of recipients) {
    if (user.id === ownUserId) continue;
    if (isSelf || !userIds.includes(user.id)) return false;
    others++;
  }
  // display_recipient lists every participant once, sender included.
  return isSelf ? others === 0 : others === userIds.length;
}

function hasAnyFlag(message: Message, flags: ReadonlySet<string>): boolean {
  return message.flags?.some((flag) => flags.has(flag)) ?? false;
}

/** Whether a message belongs in the narrow; search narrows never match (they take no live messages). */
export function messageMatchesNarrow(narrow: Narrow, message: Message, ownUserId: number): boolean {
  switch (narrow.kind) {
    case "all":
      return true;
    case "stream":
      return message.type === "stream" && message.stream_id === narrow.streamId;
    case "topic":
      return (
        message.type === "stream" &&
        message.stream_id === narrow.streamId &&
        message.subject.toLowerCase() === narrow.topic.toLowerCase()
      );
    case "dm":
      return message.type === "private" && isConversation(message, narrow.userIds, ownUserId);
    case "dms":
      return message.type === "private";
    case "starred":
      return message.flags?.includes("starred") ?? false;
    case "mentions":
      return hasAnyFlag(message, MENTION_FLAGS);
    case "search":
      return false;
  }
}

/**
 * The keys of every non-search narrow a message can belong to (a superset: flag narrows are
 * listed only when the message has the flag). Lets the store find the affected narrows in O(1).
 */
export function candidateNarrowKeys(message: Message, ownUserId: number): string[] {
  const keys = ["all"];
  if (message.type === "stream") {
    if (message.stream_id !== undefined) {
      keys.push(`stream:${message.stream_id}`, topicKey(message.stream_id, message.subject));
    }
  } else {
    keys.push(dmKey(dmParticipants(message, ownUserId)), "dms");
  }
  if (message.flags?.includes("starred") === true) keys.push("starred");
  if (hasAnyFlag(message, MENTION_FLAGS)) keys.push("mentions");
  return keys;
}

/**
 * Zulip's hash-component encoding: percent-encoding with `.` in place of `%` (and a literal
 * `.` written `.2E`), so a component never contains `%` and always decodes back exactly.
 */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, "%2E")
    .replace(/%/g, ".");
}

/** Inverse of `encodeHashComponent`; undefined for text that is not a valid encoding. */
export function decodeHashComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\./g, "%"));
  } catch {
    return undefined;
  }
}

/**
 * Zulip's URL for the narrow: `#narrow/stream/12-general[/topic/lunch]`, `#narrow/dm/8,9-group`
 * (`dmName`, e.g. the other user's name, replaces "group"/"dm" after the ids), `#narrow/is/starred`,
 * `#narrow/is/mentioned`, `#narrow/search/<text>`, `#all_messages`.
 */
export function narrowToHash(narrow: Narrow, dmName?: string): string {
  switch (narrow.kind) {
    case "all":
      return "#all_messages";
    case "stream":
    case "topic": {
      const stream = `#narrow/stream/${encodeHashComponent(`${narrow.streamId}-${narrow.streamName}`)}`;
      return narrow.kind === "stream"
        ? stream
        : `${stream}/topic/${encodeHashComponent(narrow.topic)}`;
    }
    case "dm": {
      const name = dmName ?? (narrow.userIds.length > 1 ? "group" : "dm");
      return `#narrow/dm/${narrow.userIds.join(",")}-${encodeHashComponent(name)}`;
    }
    case "dms":
      return "#narrow/is/dm";
    case "starred":
      return "#narrow/is/starred";
    case "mentions":
      return "#narrow/is/mentioned";
    case "search":
      return `#narrow/search/${encodeHashComponent(narrow.query)}`;
  }
}

function streamFromSlug(streamSlug: string): StreamNarrow | undefined {
  const slug = decodeHashComponent(streamSlug);
  const match = slug === undefined ? null : /^(\d+)-(.*)$/s.exec(slug);
  return match === null ? undefined : streamNarrow(Number(match[1]), match[2] ?? "");
}

function streamHash(streamSlug: string, rest: readonly string[]): Narrow | undefined {
  const stream = streamFromSlug(streamSlug);
  const [topicOperator, topicSlug, ...extra] = rest;
  if (stream === undefined || extra.length > 0) return undefined;
  if (topicOperator === undefined) return stream;
  if (topicOperator !== "topic" || topicSlug === undefined) return undefined;
  const topic = decodeHashComponent(topicSlug);
  return topic === undefined ? undefined : topicNarrow(stream.streamId, stream.streamName, topic);
}

/** `8,9-group` or `8-Iago` (Zulip ignores the part after the ids; so do we). */
function dmHash(slug: string): Narrow | undefined {
  const match = /^(\d+(?:,\d+)*)(?:-.*)?$/s.exec(decodeHashComponent(slug) ?? "");
  return match?.[1] === undefined ? undefined : dmNarrow(match[1].split(",").map(Number));
}

function operatorHash(operator: string, operand: string): Narrow | undefined {
  switch (operator) {
    case "dm":
    case "pm-with":
      return dmHash(operand);
    case "is":
      if (operand === "starred") return starredNarrow();
      if (operand === "dm" || operand === "private") return dmsNarrow();
      return operand === "mentioned" || operand === "alerted" ? mentionsNarrow() : undefined;
    case "search": {
      const query = decodeHashComponent(operand);
      return query === undefined ? undefined : searchNarrow(query);
    }
    default:
      return undefined;
  }
}

/**
 * Parses a `location.hash` (with or without `#`) made by `narrowToHash`, or Zulip's equivalents
 * (`channel` for `stream`, `pm-with` for `dm`). Undefined for anything else.
 */
export function narrowFromHash(hash: string): Narrow | undefined {
  const parts = hash.replace(/^#/, "").split("/");
  if (parts.length === 1 && parts[0] === "all_messages") return allMessagesNarrow();
  const [head, operator, operand, ...rest] = parts;
  if (head !== "narrow" || operator === undefined || operand === undefined) return undefined;
  if (operator === "stream" || operator === "channel") return streamHash(operand, rest);
  return rest.length === 0 ? operatorHash(operator, operand) : undefined;
}

/**
 * A short human title, e.g. "#general > lunch". `userName` names direct-message participants
 * (by default "user <id>").
 */
export function narrowTitle(
  narrow: Narrow,
  userName: (userId: number) => string = (id) => `user ${id}`,
): string {
  switch (narrow.kind) {
    case "all":
      return "All messages";
    case "stream":
      return `#${narrow.streamName}`;
    case "topic":
      return `#${narrow.streamName} > ${narrow.topic}`;
    case "dm":
      return narrow.userIds.map(userName).join(", ");
    case "dms":
      return "Direct message feed";
    case "starred":
      return "Starred messages";
    case "mentions":
      return "Mentions";
    case "search":
      return `Search: ${narrow.query}`;
  }
}

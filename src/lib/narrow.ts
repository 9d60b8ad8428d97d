import type { Message } from "../api/types/message";
import type { NarrowTerm } from "../api/types/responses";

/** All messages of one stream. */
export interface StreamNarrow {
  readonly kind: "stream";
  readonly streamId: number;
  readonly streamName: string;
}

/** The messages of one topic of one stream. */
export interface TopicNarrow {
  readonly kind: "topic";
  readonly streamId: number;
  readonly streamName: string;
  readonly topic: string;
}

/** A view of messages; direct-message narrows come later. */
export type Narrow = StreamNarrow | TopicNarrow;

export function streamNarrow(streamId: number, streamName: string): StreamNarrow {
  return { kind: "stream", streamId, streamName };
}

export function topicNarrow(streamId: number, streamName: string, topic: string): TopicNarrow {
  return { kind: "topic", streamId, streamName, topic };
}

/**
 * A stable identity for store lookups: by stream id (so a rename keeps the key) and topic.
 * Topics compare case-insensitively, as on the server.
 */
export function narrowKey(narrow: Narrow): string {
  return narrow.kind === "stream"
    ? `stream:${narrow.streamId}`
    : `topic:${narrow.streamId}:${narrow.topic.toLowerCase()}`;
}

/** Zulip's `narrow` parameter for `GET /messages`. */
export function narrowToApi(narrow: Narrow): NarrowTerm[] {
  const terms: NarrowTerm[] = [{ operator: "stream", operand: narrow.streamName }];
  if (narrow.kind === "topic") terms.push({ operator: "topic", operand: narrow.topic });
  return terms;
}

/** Whether a message belongs in the narrow (what the server's narrow filter would say). */
export function messageMatchesNarrow(narrow: Narrow, message: Message): boolean {
  if (message.type !== "stream") return false;
  const isSameStream =
    message.stream_id !== undefined
      ? message.stream_id === narrow.streamId
      : message.display_recipient === narrow.streamName;
  if (!isSameStream) return false;
  return narrow.kind === "stream" || message.subject.toLowerCase() === narrow.topic.toLowerCase();
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

/** `#narrow/stream/12-general` or `#narrow/stream/12-general/topic/lunch`. */
export function narrowToHash(narrow: Narrow): string {
  const stream = `#narrow/stream/${encodeHashComponent(`${narrow.streamId}-${narrow.streamName}`)}`;
  return narrow.kind === "stream" ? stream : `${stream}/topic/${encodeHashComponent(narrow.topic)}`;
}

/**
 * Parses a `location.hash` (with or without `#`). Accepts Zulip's `channel` spelling too.
 * Undefined for anything that is not a stream or topic narrow.
 */
export function narrowFromHash(hash: string): Narrow | undefined {
  const parts = hash.replace(/^#/, "").split("/");
  const [head, operator, streamSlug, topicOperator, topicSlug, ...rest] = parts;
  if (head !== "narrow" || (operator !== "stream" && operator !== "channel")) return undefined;
  if (streamSlug === undefined || rest.length > 0) return undefined;
  const slug = decodeHashComponent(streamSlug);
  const match = slug === undefined ? null : /^(\d+)-(.*)$/s.exec(slug);
  if (match === null) return undefined;
  const streamId = Number(match[1]);
  const streamName = match[2] ?? "";
  if (topicOperator === undefined) return streamNarrow(streamId, streamName);
  if (topicOperator !== "topic" || topicSlug === undefined) return undefined;
  const topic = decodeHashComponent(topicSlug);
  return topic === undefined ? undefined : topicNarrow(streamId, streamName, topic);
}

/** A short human title, e.g. "#general > lunch". */
export function narrowTitle(narrow: Narrow): string {
  return narrow.kind === "stream"
    ? `#${narrow.streamName}`
    : `#${narrow.streamName} > ${narrow.topic}`;
}

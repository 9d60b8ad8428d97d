import type { Subscription } from "../../../common/wire/streams";
import type { Narrow } from "../../lib/narrow";
import type { UnreadEntry } from "../../stores/unread-data";

/** A topic with unread messages. */
export interface UnreadTopic {
  readonly streamId: number;
  /** As the newest unread message spells it. */
  readonly topic: string;
  /** The newest unread message's id: topics are ordered by it, newest first, as in the sidebar. */
  readonly newestId: number;
}

/** The stream ids in sidebar order: pinned first, then by name, muted ones after the others. */
export function sidebarStreamOrder(subscriptions: readonly Subscription[]): number[] {
  return [...subscriptions]
    .sort(
      (a, b) =>
        Number(b.pin_to_top) - Number(a.pin_to_top) ||
        Number(a.is_muted) - Number(b.is_muted) ||
        a.name.localeCompare(b.name),
    )
    .map((subscription) => subscription.stream_id);
}

/**
 * Every topic with unreads, in the order the sidebar lists them: streams in `streamOrder`
 * (others after, by id), topics newest first. Topics compare case-insensitively.
 */
export function unreadTopics(
  unreads: Iterable<readonly [number, UnreadEntry]>,
  streamOrder: readonly number[],
): UnreadTopic[] {
  const topics = new Map<string, UnreadTopic>();
  for (const [id, { where }] of unreads) {
    if (where.kind !== "stream") continue;
    const key = `${where.streamId}:${where.topic.toLowerCase()}`;
    const known = topics.get(key);
    if (known === undefined || id > known.newestId) {
      topics.set(key, { streamId: where.streamId, topic: where.topic, newestId: id });
    }
  }
  const rank = new Map(streamOrder.map((streamId, index) => [streamId, index]));
  const streamRank = (streamId: number) => rank.get(streamId) ?? streamOrder.length + streamId;
  return [...topics.values()].sort(
    (a, b) => streamRank(a.streamId) - streamRank(b.streamId) || b.newestId - a.newestId,
  );
}

function isSameTopic(topic: UnreadTopic, streamId: number, name: string): boolean {
  return topic.streamId === streamId && topic.topic.toLowerCase() === name.toLowerCase();
}

/**
 * Where `n` goes: the first unread topic after the current one, wrapping around. From a topic
 * that has unreads, the next one in the list; from a stream (or a topic without unreads), the
 * first unread topic of that stream or of a later one; from any other view, the first of all.
 * Undefined when there is nowhere else to go.
 */
export function nextUnreadTopic(
  topics: readonly UnreadTopic[],
  current: Narrow | undefined,
  streamOrder: readonly number[],
): UnreadTopic | undefined {
  if (topics.length === 0) return undefined;
  if (current?.kind !== "stream" && current?.kind !== "topic") return topics[0];
  if (current.kind === "topic") {
    const index = topics.findIndex((topic) => isSameTopic(topic, current.streamId, current.topic));
    if (index >= 0) return topics.length === 1 ? undefined : topics[(index + 1) % topics.length];
  }
  const rank = (streamId: number) => {
    const index = streamOrder.indexOf(streamId);
    return index < 0 ? streamOrder.length + streamId : index;
  };
  const currentRank = rank(current.streamId);
  return topics.find((topic) => rank(topic.streamId) >= currentRank) ?? topics[0];
}

/**
 * Where Shift+D (`step` 1) or Shift+A (-1) goes: the stream after or before the one in view, in
 * sidebar order, wrapping around; from a view of no stream, the first (or the last). Undefined
 * without streams, or when the only stream is the one in view.
 */
export function adjacentStream(
  streamOrder: readonly number[],
  current: Narrow | undefined,
  step: 1 | -1,
): number | undefined {
  if (streamOrder.length === 0) return undefined;
  const index =
    current?.kind === "stream" || current?.kind === "topic"
      ? streamOrder.indexOf(current.streamId)
      : -1;
  if (index < 0) return step === 1 ? streamOrder[0] : streamOrder[streamOrder.length - 1];
  const next = streamOrder[(index + step + streamOrder.length) % streamOrder.length];
  return next === streamOrder[index] && current?.kind === "stream" ? undefined : next;
}

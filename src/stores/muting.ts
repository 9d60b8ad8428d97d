import { VISIBILITY_POLICY, type VisibilityPolicy } from "../../common/wire/user-topics";

/**
 * What the user muted and followed: their muted streams (a subscription's `is_muted`) and their
 * topics' visibility policies (`user_topics`). Immutable: every change makes a new one.
 */
export interface Muting {
  readonly mutedStreams: ReadonlySet<number>;
  /** Stream id → lower-cased topic → policy (never 0: "inherit" is no entry). */
  readonly policies: ReadonlyMap<number, ReadonlyMap<string, VisibilityPolicy>>;
}

export const NO_MUTING: Muting = { mutedStreams: new Set(), policies: new Map() };

/** The user's policy for a topic; topics compare case-insensitively. */
export function topicPolicy(muting: Muting, streamId: number, topic: string): VisibilityPolicy {
  return muting.policies.get(streamId)?.get(topic.toLowerCase()) ?? VISIBILITY_POLICY.inherit;
}

/**
 * Zulip's rule for what counts as unread and shows in the Inbox (`unread.ts`'s
 * `unmuted_count`, `user_topics.is_topic_visible_in_home`): in a muted stream only its unmuted
 * and followed topics; elsewhere every topic the user did not mute.
 */
export function isTopicVisible(muting: Muting, streamId: number, topic: string): boolean {
  const policy = topicPolicy(muting, streamId, topic);
  if (muting.mutedStreams.has(streamId)) {
    return policy === VISIBILITY_POLICY.unmuted || policy === VISIBILITY_POLICY.followed;
  }
  return policy !== VISIBILITY_POLICY.muted;
}

/** The streams where muting may hide something: the muted ones and those with policies. */
function mutingStreams(muting: Muting): Set<number> {
  return new Set([...muting.mutedStreams, ...muting.policies.keys()]);
}

/** From register's `subscriptions` and `user_topics`. */
export function mutingFromSnapshot(
  subscriptions: readonly { stream_id: number; is_muted: boolean }[],
  userTopics: readonly {
    stream_id: number;
    topic_name: string;
    visibility_policy: VisibilityPolicy;
  }[],
): Muting {
  let muting: Muting = {
    mutedStreams: new Set(subscriptions.filter((sub) => sub.is_muted).map((sub) => sub.stream_id)),
    policies: new Map(),
  };
  for (const topic of userTopics) {
    muting = withTopicPolicy(muting, topic.stream_id, topic.topic_name, topic.visibility_policy);
  }
  return muting;
}

export function withStreamMuted(muting: Muting, streamId: number, isMuted: boolean): Muting {
  if (muting.mutedStreams.has(streamId) === isMuted) return muting;
  const mutedStreams = new Set(muting.mutedStreams);
  if (isMuted) mutedStreams.add(streamId);
  else mutedStreams.delete(streamId);
  return { ...muting, mutedStreams };
}

export function withTopicPolicy(
  muting: Muting,
  streamId: number,
  topic: string,
  policy: VisibilityPolicy,
): Muting {
  const key = topic.toLowerCase();
  const topics = new Map(muting.policies.get(streamId));
  if (policy === VISIBILITY_POLICY.inherit) topics.delete(key);
  else topics.set(key, policy);
  const policies = new Map(muting.policies);
  if (topics.size === 0) policies.delete(streamId);
  else policies.set(streamId, topics);
  return { ...muting, policies };
}

/** The unread counts a stream's topics hold (`UnreadData.streamTopics`). */
type StreamTopicCounts = ReadonlyMap<number, ReadonlyMap<string, number>>;

/** A stream's unreads Zulip counts: those of its visible topics. */
export function visibleStreamUnread(
  counts: StreamTopicCounts,
  muting: Muting,
  streamId: number,
): number {
  let total = 0;
  for (const [topic, count] of counts.get(streamId) ?? []) {
    if (isTopicVisible(muting, streamId, topic)) total += count;
  }
  return total;
}

/** How many unreads muting leaves out, over every stream it touches. */
export function hiddenUnread(counts: StreamTopicCounts, muting: Muting): number {
  let hidden = 0;
  for (const streamId of mutingStreams(muting)) {
    for (const [topic, count] of counts.get(streamId) ?? []) {
      if (!isTopicVisible(muting, streamId, topic)) hidden += count;
    }
  }
  return hidden;
}

import type { EventWithoutId } from "../../common/wire/events";
import type { VisibilityPolicy } from "../../common/wire/user-topics";
import { unixSeconds } from "../clock";
import type { AppContext } from "../context";
import { isStorableId } from "../db/messages";
import { findStreamById, isSubscribed } from "../db/streams";
import { setUserTopicPolicy, topicPolicies, userTopicPolicy } from "../db/user-topics";
import { ROLE, type UserRow } from "../db/users";
import type { Queryable } from "../db/database";
import { badRequest } from "../http/errors";

/** What one `POST /user_topics` asks for; the topic already checked (`checkTopic`). */
export interface UserTopicChange {
  streamId: number;
  topic: string;
  policy: VisibilityPolicy;
}

function userTopicEvent(
  streamId: number,
  topic: string,
  policy: VisibilityPolicy,
  lastUpdated: number,
): EventWithoutId<"user_topic"> {
  return {
    type: "user_topic",
    stream_id: streamId,
    topic_name: topic,
    last_updated: lastUpdated,
    visibility_policy: policy,
  };
}

/**
 * The stream of a `POST /user_topics`, as Zulip's `update_user_topic` finds it: any stream the
 * user may read for a policy (`access_stream_by_id`), and any existing stream for "inherit"
 * (`access_stream_for_unmute_topic_by_id`: one may always clear a policy, even of a stream one
 * can no longer read). Anything else is "Invalid stream ID", so a private stream does not leak.
 */
async function checkStream(ctx: AppContext, user: UserRow, change: UserTopicChange) {
  const stream = isStorableId(change.streamId)
    ? await findStreamById(ctx.db, change.streamId)
    : undefined;
  if (stream) {
    if (change.policy === 0) return;
    const isPublicToUser = !stream.invite_only && user.role !== ROLE.guest;
    if (isPublicToUser || (await isSubscribed(ctx.db, user.id, stream.id))) return;
  }
  throw badRequest("Invalid stream ID");
}

/**
 * `POST /user_topics` (Zulip's `do_set_user_topic_visibility_policy`): sets the user's
 * visibility policy for a topic, named in any case (the stored spelling is the one given last),
 * and sends a `user_topic` event to the user's queues. Setting the policy the topic already has
 * changes nothing and sends nothing, as Zulip.
 */
export async function updateUserTopic(
  ctx: AppContext,
  user: UserRow,
  change: UserTopicChange,
): Promise<void> {
  await checkStream(ctx, user, change);
  const lastUpdated = unixSeconds(ctx.clock);
  const changed = await ctx.db.transaction(async (tx) => {
    const current = await userTopicPolicy(tx, user.id, change.streamId, change.topic);
    if (current === change.policy) return false;
    await setUserTopicPolicy(tx, { userId: user.id, ...change, lastUpdated });
    return true;
  });
  if (!changed) return;
  const event = userTopicEvent(change.streamId, change.topic, change.policy, lastUpdated);
  ctx.queues.publish([user.id], () => ({ ...event }));
}

/** Where a whole topic went, for `moveTopicPolicies`. */
export interface TopicMove {
  fromStreamId: number;
  fromTopic: string;
  toStreamId: number;
  toTopic: string;
}

/**
 * A whole topic moved (Zulip's `update_messages_for_topic_edit` with `propagate_mode=all`):
 * every user's policy for it goes with it, replacing any they had for the destination, inside
 * the move's transaction. Returns the events to send after the commit (`publishTopicPolicyMoves`).
 */
export async function moveTopicPolicies(
  tx: Queryable,
  move: TopicMove,
  lastUpdated: number,
): Promise<{ userId: number; event: EventWithoutId<"user_topic"> }[]> {
  const same =
    move.fromStreamId === move.toStreamId &&
    move.fromTopic.toLowerCase() === move.toTopic.toLowerCase();
  if (same) return [];
  const moved = await topicPolicies(tx, move.fromStreamId, move.fromTopic);
  const events: { userId: number; event: EventWithoutId<"user_topic"> }[] = [];
  for (const { user_id: userId, visibility_policy: policy } of moved) {
    const from = { userId, streamId: move.fromStreamId, topic: move.fromTopic, lastUpdated };
    await setUserTopicPolicy(tx, { ...from, policy: 0 });
    await setUserTopicPolicy(tx, {
      userId,
      streamId: move.toStreamId,
      topic: move.toTopic,
      policy,
      lastUpdated,
    });
    events.push({
      userId,
      event: userTopicEvent(move.fromStreamId, move.fromTopic, 0, lastUpdated),
    });
    events.push({
      userId,
      event: userTopicEvent(move.toStreamId, move.toTopic, policy, lastUpdated),
    });
  }
  return events;
}

/** Sends the events `moveTopicPolicies` returned, each to its user's queues. */
export function publishTopicPolicyMoves(
  ctx: AppContext,
  events: readonly { userId: number; event: EventWithoutId<"user_topic"> }[],
): void {
  for (const { userId, event } of events) ctx.queues.publish([userId], () => ({ ...event }));
}

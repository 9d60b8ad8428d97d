import type { UserTopic, VisibilityPolicy } from "../../common/wire/user-topics";
import type { Queryable } from "./database";

/** A user's topics with a visibility policy (register's `user_topics`), oldest change first. */
export async function listUserTopics(db: Queryable, userId: number): Promise<UserTopic[]> {
  return db.query<UserTopic>(
    `SELECT stream_id, topic_name, visibility_policy, last_updated::float8 AS last_updated
       FROM user_topics WHERE user_id = $1 ORDER BY last_updated, stream_id, topic_name`,
    [userId],
  );
}

/** The user's policy for a topic (compared case-insensitively); 0 when none is set. */
export async function userTopicPolicy(
  db: Queryable,
  userId: number,
  streamId: number,
  topic: string,
): Promise<VisibilityPolicy> {
  const [row] = await db.query<{ visibility_policy: VisibilityPolicy }>(
    `SELECT visibility_policy FROM user_topics
      WHERE user_id = $1 AND stream_id = $2 AND lower(topic_name) = lower($3)`,
    [userId, streamId, topic],
  );
  return row?.visibility_policy ?? 0;
}

/**
 * Sets a user's policy for a topic (0 deletes it); the topic keeps the spelling given last.
 * `lastUpdated` in seconds.
 */
export async function setUserTopicPolicy(
  db: Queryable,
  change: {
    userId: number;
    streamId: number;
    topic: string;
    policy: VisibilityPolicy;
    lastUpdated: number;
  },
): Promise<void> {
  const { userId, streamId, topic, policy, lastUpdated } = change;
  if (policy === 0) {
    await db.query(
      `DELETE FROM user_topics
        WHERE user_id = $1 AND stream_id = $2 AND lower(topic_name) = lower($3)`,
      [userId, streamId, topic],
    );
    return;
  }
  await db.query(
    `INSERT INTO user_topics (user_id, stream_id, topic_name, visibility_policy, last_updated)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, stream_id, lower(topic_name)) DO UPDATE
       SET topic_name = EXCLUDED.topic_name, visibility_policy = EXCLUDED.visibility_policy,
           last_updated = EXCLUDED.last_updated`,
    [userId, streamId, topic, policy, lastUpdated],
  );
}

/** Every user's policy for a topic (to carry it along when the whole topic moves). */
export async function topicPolicies(
  db: Queryable,
  streamId: number,
  topic: string,
): Promise<{ user_id: number; visibility_policy: VisibilityPolicy }[]> {
  return db.query(
    `SELECT user_id, visibility_policy FROM user_topics
      WHERE stream_id = $1 AND lower(topic_name) = lower($2) ORDER BY user_id`,
    [streamId, topic],
  );
}

/** The subscription settings `POST /users/me/subscriptions/properties` writes, by column. */
export type SubscriptionProperty =
  | "color"
  | "is_muted"
  | "pin_to_top"
  | "desktop_notifications"
  | "audible_notifications"
  | "push_notifications"
  | "email_notifications"
  | "wildcard_mentions_notify";

const SUBSCRIPTION_PROPERTIES: ReadonlySet<string> = new Set<SubscriptionProperty>([
  "color",
  "is_muted",
  "pin_to_top",
  "desktop_notifications",
  "audible_notifications",
  "push_notifications",
  "email_notifications",
  "wildcard_mentions_notify",
]);

/** Sets one setting of an active subscription; only the names above reach SQL. */
export async function setSubscriptionProperty(
  db: Queryable,
  userId: number,
  streamId: number,
  property: SubscriptionProperty,
  value: string | boolean | null,
): Promise<void> {
  if (!SUBSCRIPTION_PROPERTIES.has(property)) throw new Error(`not a property: ${property}`);
  await db.query(
    `UPDATE subscriptions SET ${property} = $3 WHERE user_id = $1 AND stream_id = $2 AND active`,
    [userId, streamId, value],
  );
}

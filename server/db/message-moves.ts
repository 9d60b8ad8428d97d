import { FLAG_BITS } from "./flags";
import type { Queryable } from "./database";

/** Puts messages in another stream (its recipient too); their topic is set apart. */
export async function moveMessagesToStream(
  db: Queryable,
  messageIds: readonly number[],
  stream: { id: number; recipient_id: number },
): Promise<void> {
  await db.query(
    "UPDATE messages SET stream_id = $2, recipient_id = $3 WHERE id = ANY($1::int[])",
    [messageIds, stream.id, stream.recipient_id],
  );
}

/** A user's subscription to one of the two streams of a move, as the move's rules need it. */
interface MoveSubscriberRow {
  user_id: number;
  stream_id: number;
  active: boolean;
  is_guest: boolean;
}

/** Every subscription, active or not, of active and inactive users to the given streams. */
export async function subscriptionsOfStreams(
  db: Queryable,
  streamIds: readonly number[],
): Promise<MoveSubscriberRow[]> {
  return db.query<MoveSubscriberRow>(
    `SELECT s.user_id, s.stream_id, s.active, (u.role = 600) AS is_guest
       FROM subscriptions s JOIN users u ON u.id = s.user_id
      WHERE s.stream_id = ANY($1::int[])
      ORDER BY s.user_id`,
    [streamIds],
  );
}

/** Deletes the rows of `userIds` for `messageIds`. */
export async function deleteUserMessageRows(
  db: Queryable,
  userIds: readonly number[],
  messageIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(
    "DELETE FROM user_messages WHERE user_id = ANY($1::int[]) AND message_id = ANY($2::int[])",
    [userIds, messageIds],
  );
}

/** Gives each of `userIds` a read row for each of `messageIds`, keeping rows that exist. */
export async function insertReadRows(
  db: Queryable,
  userIds: readonly number[],
  messageIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0 || messageIds.length === 0) return;
  await db.query(
    `INSERT INTO user_messages (user_id, message_id, flags)
     SELECT u, m, ${FLAG_BITS.read} FROM unnest($1::int[]) AS u, unnest($2::int[]) AS m
     ON CONFLICT (user_id, message_id) DO NOTHING`,
    [userIds, messageIds],
  );
}

/** The user's flags on a message, or null without a row. */
export async function userMessageFlags(
  db: Queryable,
  messageId: number,
): Promise<{ user_id: number; flags: number }[]> {
  return db.query<{ user_id: number; flags: number }>(
    "SELECT user_id, flags FROM user_messages WHERE message_id = $1 ORDER BY user_id",
    [messageId],
  );
}

/** Ids of a stream's topic's messages, optionally only those `userId` has a row for. */
export async function topicMessageIds(
  db: Queryable,
  streamId: number,
  topic: string,
  receivedBy: number | undefined,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT m.id FROM messages m
      WHERE m.stream_id = $1 AND lower(m.subject) = lower($2)
        AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM user_messages um
                                         WHERE um.message_id = m.id AND um.user_id = $3::int))
      ORDER BY m.id`,
    [streamId, topic, receivedBy ?? null],
  );
  return rows.map((row) => row.id);
}

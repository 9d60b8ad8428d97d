import type { Queryable } from "./database";
import { FLAG_BITS } from "./flags";

/**
 * Sets (`add`) or clears one flag bit on the user's existing rows among `messageIds`; returns the
 * ids of the rows that actually changed, in ascending order.
 */
export async function updateFlagBit(
  db: Queryable,
  userId: number,
  messageIds: readonly number[],
  bit: number,
  add: boolean,
): Promise<number[]> {
  if (messageIds.length === 0) return [];
  const rows = await db.query<{ message_id: number }>(
    `UPDATE user_messages
        SET flags = ${add ? "flags | $3" : "flags & ~$3::int"}
      WHERE user_id = $1 AND message_id = ANY($2::int[])
        AND flags & $3::int ${add ? "= 0" : "<> 0"}
      RETURNING message_id`,
    [userId, messageIds, bit],
  );
  return rows.map((row) => row.message_id).sort((a, b) => a - b);
}

/** Creates the user's rows for messages they had none for (Zulip's "historical" rows). */
export async function insertUserMessages(
  db: Queryable,
  userId: number,
  messageIds: readonly number[],
  flags: number,
): Promise<void> {
  if (messageIds.length === 0) return;
  await db.query(
    `INSERT INTO user_messages (user_id, message_id, flags)
     SELECT $1, id, $3 FROM unnest($2::int[]) AS t(id)
     ON CONFLICT (user_id, message_id) DO NOTHING`,
    [userId, messageIds, flags],
  );
}

/** Marks every unread row of the user read; returns how many changed. */
export async function markAllRead(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ message_id: number }>(
    `UPDATE user_messages SET flags = flags | ${FLAG_BITS.read}
      WHERE user_id = $1 AND flags & ${FLAG_BITS.read} = 0
      RETURNING message_id`,
    [userId],
  );
  return rows.length;
}

/**
 * Marks the user's unread rows in a stream (or in one topic of it, compared without case, as
 * Zulip does) read; returns the ids that changed, ascending.
 */
export async function markStreamRead(
  db: Queryable,
  userId: number,
  streamId: number,
  topic: string | undefined,
): Promise<number[]> {
  const rows = await db.query<{ message_id: number }>(
    `UPDATE user_messages um SET flags = um.flags | ${FLAG_BITS.read}
       FROM messages m
      WHERE m.id = um.message_id AND um.user_id = $1 AND m.stream_id = $2
        AND um.flags & ${FLAG_BITS.read} = 0
        AND ($3::text IS NULL OR lower(m.subject) = lower($3::text))
      RETURNING um.message_id`,
    [userId, streamId, topic ?? null],
  );
  return rows.map((row) => row.message_id).sort((a, b) => a - b);
}

/** Whether the user has a row for any message of the topic (Zulip's test for "No such topic"). */
export async function hasRowsInTopic(
  db: Queryable,
  userId: number,
  streamId: number,
  topic: string,
): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    `SELECT 1 AS one FROM user_messages um JOIN messages m ON m.id = um.message_id
      WHERE um.user_id = $1 AND m.stream_id = $2 AND lower(m.subject) = lower($3)
      LIMIT 1`,
    [userId, streamId, topic],
  );
  return rows.length > 0;
}

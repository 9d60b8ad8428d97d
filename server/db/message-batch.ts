import type { Queryable } from "./database";
import { IS_PRIVATE_FLAG } from "./flags";
import type { NewMessage } from "./messages";

/** One message of a batch: what to store, who receives it, and its deduplication key. */
export interface BatchMessage {
  message: NewMessage;
  receivers: readonly { userId: number; flags: number }[];
  /** Digest of the sender's `local_id` and request, or undefined (never deduplicated). */
  localKey: string | undefined;
}

/** What became of one message of a batch, in the batch's order. */
export interface BatchOutcome {
  id: number;
  /** True when an earlier send with the same local key stood: nothing was written for it. */
  isDuplicate: boolean;
}

/** How long a local key deduplicates, in seconds. */
export const LOCAL_ID_WINDOW_SECONDS = 600;

interface Row {
  ord: number;
  id: number;
  is_duplicate: boolean;
}

/**
 * Inserts a batch of messages and all their receivers' rows in ONE statement (atomic on its
 * own; statements, not rows, are what PGlite pays for). A message whose local key was stored
 * less than `LOCAL_ID_WINDOW_SECONDS` before `now` is not inserted: its outcome is the earlier
 * message's id. Ids are taken in batch order. `firstInStreams` lists streams whose
 * `first_message_id` may still be unset; the batch's first message to each sets it. Keys must be
 * distinct within a batch (the caller merges duplicates).
 */
export async function insertMessageBatch(
  db: Queryable,
  batch: readonly BatchMessage[],
  now: number,
  firstInStreams: readonly number[],
): Promise<BatchOutcome[]> {
  const receiverOrd: number[] = [];
  const receiverIds: number[] = [];
  const receiverFlags: number[] = [];
  batch.forEach((item, index) => {
    for (const receiver of item.receivers) {
      receiverOrd.push(index + 1);
      receiverIds.push(receiver.userId);
      receiverFlags.push(receiver.flags);
    }
  });
  const column = <T>(pick: (item: BatchMessage) => T): T[] => batch.map(pick);
  const setFirst =
    firstInStreams.length === 0
      ? ""
      : `, first_in_stream AS (
           UPDATE streams s SET first_message_id = f.id
             FROM (SELECT stream_id, min(id) AS id FROM fresh GROUP BY stream_id) f
            WHERE s.id = f.stream_id AND s.id = ANY($15::int[]) AND s.first_message_id IS NULL
         )`;
  const rows = await db.query<Row>(
    `WITH input AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
                            $7::int8[], $8::text[], $9::text[])
         WITH ORDINALITY AS t(sender_id, recipient_id, stream_id, subject, content,
                              rendered_content, date_sent, sending_client, local_key, ord)
     ), duplicate AS (
       SELECT i.ord, l.message_id AS id FROM input i
         JOIN message_local_ids l ON l.sender_id = i.sender_id AND l.local_key = i.local_key
        WHERE l.sent_at > $14
     ), fresh AS (
       SELECT i.*, nextval('messages_id_seq') AS id FROM input i
        WHERE i.ord NOT IN (SELECT ord FROM duplicate) ORDER BY i.ord
     ), inserted AS (
       INSERT INTO messages (id, sender_id, recipient_id, stream_id, subject, content,
                             rendered_content, date_sent, sending_client)
       SELECT id, sender_id, recipient_id, stream_id, subject, content, rendered_content,
              date_sent, sending_client FROM fresh
     ), received AS (
       INSERT INTO user_messages (user_id, message_id, flags)
       SELECT r.user_id, f.id,
              r.flags | CASE WHEN f.stream_id IS NULL THEN ${IS_PRIVATE_FLAG} ELSE 0 END
         FROM unnest($10::int[], $11::int[], $12::int[]) AS r(ord, user_id, flags)
         JOIN fresh f ON f.ord = r.ord
     ), keyed AS (
       INSERT INTO message_local_ids (sender_id, local_key, message_id, sent_at)
       SELECT sender_id, local_key, id, $13 FROM fresh WHERE local_key IS NOT NULL
       ON CONFLICT (sender_id, local_key)
         DO UPDATE SET message_id = EXCLUDED.message_id, sent_at = EXCLUDED.sent_at
     )${setFirst}
     SELECT ord, id, false AS is_duplicate FROM fresh
     UNION ALL SELECT ord, id, true FROM duplicate`,
    [
      column((item) => item.message.senderId),
      column((item) => item.message.recipientId),
      column((item) => item.message.streamId),
      column((item) => item.message.subject),
      column((item) => item.message.content),
      column((item) => item.message.renderedContent),
      column((item) => item.message.dateSent),
      column((item) => item.message.sendingClient),
      column((item) => item.localKey ?? null),
      receiverOrd,
      receiverIds,
      receiverFlags,
      now,
      now - LOCAL_ID_WINDOW_SECONDS,
      ...(firstInStreams.length === 0 ? [] : [firstInStreams]),
    ],
  );
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return batch.map((_, index) => {
    const row = byOrd.get(index + 1);
    if (!row) throw new Error(`batch insert gave no row for message ${index + 1}`);
    return { id: row.id, isDuplicate: row.is_duplicate };
  });
}

/** Forgets local keys past the deduplication window (they can no longer match). */
export async function pruneLocalKeys(db: Queryable, now: number): Promise<void> {
  await db.query("DELETE FROM message_local_ids WHERE sent_at <= $1", [
    now - LOCAL_ID_WINDOW_SECONDS,
  ]);
}

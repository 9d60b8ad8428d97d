import type { Queryable } from "../db/database";
import { FLAG_BITS, IS_PRIVATE_FLAG } from "../db/flags";
import { groupRecipientId, personalRecipientId } from "../db/messages";
import { createRandom, type GeneratedMessage } from "./history";

const BATCH = 1000;

interface Row {
  id: number;
  senderId: number;
  recipientId: number;
  streamId: number | null;
  topic: string;
  content: string;
  rendered: string;
  timestamp: number;
  receivers: { userId: number; flags: number }[];
}

export interface BulkOptions {
  /** Stream id → subscriber ids. */
  subscribers: ReadonlyMap<number, readonly number[]>;
  /** Stream id → recipient id. */
  streamRecipients: ReadonlyMap<number, number>;
  /** The newest messages stay unread for this share of their receivers. */
  unreadTail: number;
  seed: number;
  /** Markdown to HTML with the organisation's context (mentions, linkifiers, emoji). */
  render: (content: string) => string;
}

async function recipientFor(
  db: Queryable,
  message: GeneratedMessage,
  options: BulkOptions,
  cache: Map<string, number>,
) {
  const target = message.target;
  if (target.kind === "stream") {
    const id = options.streamRecipients.get(target.streamId);
    if (id === undefined) throw new Error(`no recipient for stream ${target.streamId}`);
    return id;
  }
  const participants = [...new Set([message.senderId, ...target.userIds])].sort((a, b) => a - b);
  const key = participants.join(",");
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const id =
    participants.length <= 2
      ? await personalRecipientId(
          db,
          participants.find((p) => p !== message.senderId) ?? message.senderId,
        )
      : await groupRecipientId(db, participants, true);
  if (id === undefined) throw new Error("direct-message group was not created");
  cache.set(key, id);
  return id;
}

async function insertBatch(db: Queryable, rows: readonly Row[]): Promise<void> {
  await db.query(
    `INSERT INTO messages (id, sender_id, recipient_id, stream_id, subject, content, rendered_content, date_sent, sending_client)
     SELECT id, s, r, st, sub, c, rc, d, 'website'
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[])
            AS t(id, s, r, st, sub, c, rc, d)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.senderId),
      rows.map((r) => r.recipientId),
      rows.map((r) => r.streamId),
      rows.map((r) => r.topic),
      rows.map((r) => r.content),
      rows.map((r) => r.rendered),
      rows.map((r) => r.timestamp),
    ],
  );
  const receivers = rows.flatMap((row) =>
    row.receivers.map((receiver) => ({ ...receiver, messageId: row.id })),
  );
  await db.query(
    `INSERT INTO user_messages (user_id, message_id, flags)
     SELECT u, m, f FROM unnest($1::int[], $2::int[], $3::int[]) AS t(u, m, f)`,
    [
      receivers.map((r) => r.userId),
      receivers.map((r) => r.messageId),
      receivers.map((r) => r.flags),
    ],
  );
}

/**
 * Writes a generated history fast (multi-row inserts), with Zulip's per-receiver rows and flags:
 * the sender's copy read, older messages read, the newest `unreadTail` share unread for some
 * receivers, a few starred, mentions flagged. Returns the new message ids in order.
 */
export async function insertHistory(
  db: Queryable,
  messages: readonly GeneratedMessage[],
  options: BulkOptions,
): Promise<number[]> {
  const random = createRandom(options.seed);
  const [max] = await db.query<{ max: number | null }>("SELECT max(id) AS max FROM messages");
  let nextId = (max?.max ?? 0) + 1;
  const cache = new Map<string, number>();
  const ids: number[] = [];
  const unreadFrom = Math.floor(messages.length * (1 - options.unreadTail));
  let batch: Row[] = [];
  for (const [index, message] of messages.entries()) {
    const target = message.target;
    const receiverIds =
      target.kind === "stream"
        ? new Set([...(options.subscribers.get(target.streamId) ?? []), message.senderId])
        : new Set([message.senderId, ...target.userIds]);
    const receivers = [...receiverIds].map((userId) => {
      let flags = 0;
      const isOwn = userId === message.senderId;
      if (isOwn || index < unreadFrom || random() < 0.4) flags |= FLAG_BITS.read;
      if (!isOwn && random() < 0.01) flags |= FLAG_BITS.starred;
      if (message.mentionedIds.includes(userId)) flags |= FLAG_BITS.mentioned;
      if (target.kind !== "stream") flags |= IS_PRIVATE_FLAG;
      return { userId, flags };
    });
    const id = nextId++;
    ids.push(id);
    batch.push({
      id,
      senderId: message.senderId,
      recipientId: await recipientFor(db, message, options, cache),
      streamId: target.kind === "stream" ? target.streamId : null,
      topic: target.kind === "stream" ? target.topic : "",
      content: message.content,
      rendered: options.render(message.content),
      timestamp: message.timestamp,
      receivers,
    });
    if (batch.length === BATCH) {
      await insertBatch(db, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insertBatch(db, batch);
  await db.query("SELECT setval('messages_id_seq', (SELECT max(id) FROM messages))");
  await db.query(
    `UPDATE streams s SET first_message_id = (SELECT min(id) FROM messages m WHERE m.stream_id = s.id)
      WHERE first_message_id IS NULL`,
  );
  return ids;
}

import type { Queryable } from "./database";

/** A message joined with what formatting it needs (sender, stream, recipient, the viewer's flags). */
export interface MessageRecord {
  id: number;
  sender_id: number;
  sender_email: string;
  sender_full_name: string;
  recipient_id: number;
  recipient_type: number;
  recipient_type_id: number;
  stream_id: number | null;
  stream_name: string | null;
  subject: string;
  content: string;
  rendered_content: string;
  date_sent: number;
  sending_client: string;
  last_edit_time: number | null;
  /** The viewer's flags, or null when the viewer has no row (a message from before they joined). */
  flags: number | null;
}

export const MESSAGE_SELECT = `
  SELECT m.id, m.sender_id, s.email AS sender_email, s.full_name AS sender_full_name,
         m.recipient_id, r.type AS recipient_type, r.type_id AS recipient_type_id,
         m.stream_id, st.name AS stream_name, m.subject, m.content, m.rendered_content,
         m.date_sent, m.sending_client, m.last_edit_time, um.flags
    FROM messages m
    JOIN users s ON s.id = m.sender_id
    JOIN recipients r ON r.id = m.recipient_id
    LEFT JOIN streams st ON st.id = m.stream_id`;

export interface NewMessage {
  senderId: number;
  recipientId: number;
  streamId: number | null;
  subject: string;
  content: string;
  renderedContent: string;
  dateSent: number;
  sendingClient: string;
}

/** Inserts a message and one `user_messages` row per receiver; returns the new id. */
export async function insertMessage(
  db: Queryable,
  message: NewMessage,
  receivers: readonly { userId: number; flags: number }[],
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO messages (sender_id, recipient_id, stream_id, subject, content, rendered_content,
                           date_sent, sending_client)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      message.senderId,
      message.recipientId,
      message.streamId,
      message.subject,
      message.content,
      message.renderedContent,
      message.dateSent,
      message.sendingClient,
    ],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  await db.query(
    `INSERT INTO user_messages (user_id, message_id, flags)
     SELECT u, $1, f FROM unnest($2::int[], $3::int[]) AS t(u, f)`,
    [row.id, receivers.map((r) => r.userId), receivers.map((r) => r.flags)],
  );
  if (message.streamId !== null) {
    await db.query(
      "UPDATE streams SET first_message_id = $1 WHERE id = $2 AND first_message_id IS NULL",
      [row.id, message.streamId],
    );
  }
  return row.id;
}

export async function maxMessageId(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ max: number | null }>(
    "SELECT max(message_id) AS max FROM user_messages WHERE user_id = $1",
    [userId],
  );
  return row?.max ?? -1;
}

/** Id of the personal recipient of a user (the target of direct messages to them). */
export async function personalRecipientId(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "SELECT id FROM recipients WHERE type = 1 AND type_id = $1",
    [userId],
  );
  if (!row) throw new Error(`user ${userId} has no personal recipient`);
  return row.id;
}

/** The recipient of a direct-message group, created on first use when `create` is set. */
export async function groupRecipientId(
  db: Queryable,
  userIds: readonly number[],
  create: boolean,
): Promise<number | undefined> {
  const key = [...userIds].sort((a, b) => a - b).join(",");
  const existing = await db.query<{ id: number }>(
    `SELECT r.id FROM recipients r JOIN direct_message_groups g ON r.type = 3 AND r.type_id = g.id
      WHERE g.user_ids_string = $1`,
    [key],
  );
  if (existing[0]) return existing[0].id;
  if (!create) return undefined;
  const [group] = await db.query<{ id: number }>(
    "INSERT INTO direct_message_groups (user_ids_string) VALUES ($1) RETURNING id",
    [key],
  );
  if (!group) throw new Error("INSERT … RETURNING gave no row");
  const [recipient] = await db.query<{ id: number }>(
    "INSERT INTO recipients (type, type_id) VALUES (3, $1) RETURNING id",
    [group.id],
  );
  if (!recipient) throw new Error("INSERT … RETURNING gave no row");
  return recipient.id;
}

/** Participants of each direct-message group recipient, keyed by recipient type id. */
export async function groupMembers(
  db: Queryable,
  groupIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; user_ids_string: string }>(
    "SELECT id, user_ids_string FROM direct_message_groups WHERE id = ANY($1::int[])",
    [groupIds],
  );
  return new Map(rows.map((row) => [row.id, row.user_ids_string.split(",").map(Number)]));
}

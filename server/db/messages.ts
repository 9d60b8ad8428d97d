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

/** The recipient of a direct-message group and the group's id, if the group exists. */
export async function findGroupRecipient(
  db: Queryable,
  userIds: readonly number[],
): Promise<{ recipientId: number; groupId: number } | undefined> {
  const key = [...userIds].sort((a, b) => a - b).join(",");
  const [row] = await db.query<{ recipient_id: number; group_id: number }>(
    `SELECT r.id AS recipient_id, g.id AS group_id
       FROM recipients r JOIN direct_message_groups g ON r.type = 3 AND r.type_id = g.id
      WHERE g.user_ids_string = $1`,
    [key],
  );
  return row ? { recipientId: row.recipient_id, groupId: row.group_id } : undefined;
}

/** The recipient of a direct-message group and the group's id, created on first use. */
export async function ensureGroupRecipient(
  db: Queryable,
  userIds: readonly number[],
): Promise<{ recipientId: number; groupId: number }> {
  const existing = await findGroupRecipient(db, userIds);
  if (existing) return existing;
  const key = [...userIds].sort((a, b) => a - b).join(",");
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
  return { recipientId: recipient.id, groupId: group.id };
}

/** The recipient of a direct-message group, created on first use when `create` is set. */
export async function groupRecipientId(
  db: Queryable,
  userIds: readonly number[],
  create: boolean,
): Promise<number | undefined> {
  const found = create
    ? await ensureGroupRecipient(db, userIds)
    : await findGroupRecipient(db, userIds);
  return found?.recipientId;
}

/** A direct message's participant, as `display_recipient` names them. */
export interface ParticipantRow {
  id: number;
  email: string;
  full_name: string;
}

/**
 * The members of each direct-message group of `groupIds` (keyed by recipient type id), and the
 * users among them and of `userIds`: one statement, sent only when there is something to find.
 */
export async function directMessageParticipants(
  db: Queryable,
  groupIds: readonly number[],
  userIds: readonly number[],
): Promise<{ groups: Map<number, number[]>; users: ParticipantRow[] }> {
  const groups = groupIds.filter(isStorableId);
  const users = userIds.filter(isStorableId);
  if (groups.length === 0 && users.length === 0) return { groups: new Map(), users: [] };
  const rows = await db.query<ParticipantRow & { group_id: number | null; members: string | null }>(
    `SELECT NULL::int AS group_id, NULL::text AS members, id, email, full_name
       FROM users WHERE id = ANY($1::int[])
     UNION ALL
     SELECT g.id, g.user_ids_string, u.id, u.email, u.full_name
       FROM direct_message_groups g
       JOIN users u ON u.id = ANY(string_to_array(g.user_ids_string, ',')::int[])
      WHERE g.id = ANY($2::int[])`,
    [users, groups],
  );
  const members = new Map<number, number[]>();
  for (const row of rows) {
    if (row.group_id !== null && row.members !== null && !members.has(row.group_id)) {
      members.set(row.group_id, row.members.split(",").map(Number));
    }
  }
  return { groups: members, users: rows };
}

/** The largest id a `serial` column holds; larger ids cannot name a stored row. */
const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` can be the id of a stored row (ids beyond int4 would fail the query). */
export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}

/** A message with what access checks, permissions and event routing need, for one user. */
export interface MessageAccessRecord {
  id: number;
  sender_id: number;
  sender_bot_owner_id: number | null;
  recipient_id: number;
  recipient_type: number;
  recipient_type_id: number;
  /** Sorted participant ids of a direct-message group; null otherwise. */
  user_ids_string: string | null;
  stream_id: number | null;
  subject: string;
  date_sent: number;
  /** The user's flags, or null when they have no `user_messages` row. */
  flags: number | null;
  invite_only: boolean | null;
  history_public_to_subscribers: boolean | null;
  /** Whether the user is an active subscriber of the message's stream. */
  is_subscribed: boolean;
}

/**
 * The messages among `ids` that exist, with the user's row and subscription, in id order.
 * `lock` takes a row lock on the messages (for actions that modify or delete them).
 */
export async function findMessagesForAccess(
  db: Queryable,
  userId: number,
  ids: readonly number[],
  lock: boolean,
): Promise<MessageAccessRecord[]> {
  const storable = ids.filter(isStorableId);
  if (storable.length === 0) return [];
  return db.query<MessageAccessRecord>(
    `SELECT m.id, m.sender_id, s.bot_owner_id AS sender_bot_owner_id, m.recipient_id,
            r.type AS recipient_type, r.type_id AS recipient_type_id, g.user_ids_string,
            m.stream_id, m.subject, m.date_sent, um.flags, st.invite_only,
            st.history_public_to_subscribers, (sub.user_id IS NOT NULL) AS is_subscribed
       FROM messages m
       JOIN users s ON s.id = m.sender_id
       JOIN recipients r ON r.id = m.recipient_id
       LEFT JOIN direct_message_groups g ON r.type = 3 AND g.id = r.type_id
       LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = $1
       LEFT JOIN streams st ON st.id = m.stream_id
       LEFT JOIN subscriptions sub
              ON sub.stream_id = m.stream_id AND sub.user_id = $1 AND sub.active
      WHERE m.id = ANY($2::int[])
      ORDER BY m.id${lock ? " FOR UPDATE OF m" : ""}`,
    [userId, storable],
  );
}

/**
 * Who hears about changes to a message (reactions, deletion): everyone with a row for it, plus,
 * for a stream message, the active subscribers who may read the stream's whole history.
 */
export async function messageAudience(
  db: Queryable,
  messageId: number,
  streamId: number | null,
): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    `SELECT user_id FROM user_messages WHERE message_id = $1
     UNION
     SELECT sub.user_id FROM subscriptions sub JOIN streams st ON st.id = sub.stream_id
      WHERE sub.stream_id = $2 AND sub.active AND st.history_public_to_subscribers`,
    [messageId, streamId ?? -1],
  );
  return rows.map((row) => row.user_id).sort((a, b) => a - b);
}

/** Deletes a message and every user's row for it (its reactions go first: `db/reactions.ts`). */
export async function deleteMessage(db: Queryable, messageId: number): Promise<void> {
  await db.query("DELETE FROM user_messages WHERE message_id = $1", [messageId]);
  await db.query("DELETE FROM messages WHERE id = $1", [messageId]);
}

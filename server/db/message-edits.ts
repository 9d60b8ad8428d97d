import type { Queryable } from "./database";

/** A row of `message_edits`: one edit of one message; a NULL pair means that part was not edited. */
export interface MessageEditRow {
  id: number;
  message_id: number;
  user_id: number;
  edit_time: number;
  prev_content: string | null;
  content: string | null;
  prev_rendered_content: string | null;
  rendered_content: string | null;
  prev_topic: string | null;
  topic: string | null;
  prev_stream: number | null;
  stream: number | null;
}

export interface ContentChange {
  prev: string;
  next: string;
  prevRendered: string;
  nextRendered: string;
}

interface TopicChange {
  prev: string;
  next: string;
}

interface StreamChange {
  prev: number;
  next: number;
}

export interface NewMessageEdit {
  messageId: number;
  userId: number;
  editTime: number;
  content: ContentChange | undefined;
  topic: TopicChange | undefined;
  stream?: StreamChange | undefined;
}

/** Records edits, one row each. */
export async function insertMessageEdits(
  db: Queryable,
  edits: readonly NewMessageEdit[],
): Promise<void> {
  if (edits.length === 0) return;
  const column = <T>(pick: (edit: NewMessageEdit) => T): T[] => edits.map(pick);
  await db.query(
    `INSERT INTO message_edits (message_id, user_id, edit_time, prev_content, content,
                                prev_rendered_content, rendered_content, prev_topic, topic,
                                prev_stream, stream)
     SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::text[],
                          $7::text[], $8::text[], $9::text[], $10::int[], $11::int[])`,
    [
      column((e) => e.messageId),
      column((e) => e.userId),
      column((e) => e.editTime),
      column((e) => e.content?.prev ?? null),
      column((e) => e.content?.next ?? null),
      column((e) => e.content?.prevRendered ?? null),
      column((e) => e.content?.nextRendered ?? null),
      column((e) => e.topic?.prev ?? null),
      column((e) => e.topic?.next ?? null),
      column((e) => e.stream?.prev ?? null),
      column((e) => e.stream?.next ?? null),
    ],
  );
}

/** The edits of a message, oldest first. */
export async function listMessageEdits(
  db: Queryable,
  messageId: number,
): Promise<MessageEditRow[]> {
  return db.query<MessageEditRow>(
    `SELECT id, message_id, user_id, edit_time, prev_content, content, prev_rendered_content,
            rendered_content, prev_topic, topic, prev_stream, stream
       FROM message_edits WHERE message_id = $1 ORDER BY id`,
    [messageId],
  );
}

/** A message of a topic, as a topic edit needs it. */
export interface TopicMessageRow {
  id: number;
  subject: string;
  date_sent: number;
}

/**
 * The messages of a stream's topic with ids from `fromId` on, oldest first, locked until the
 * transaction ends. Topics match case-insensitively, as in Zulip.
 */
export async function lockTopicMessages(
  db: Queryable,
  streamId: number,
  topic: string,
  fromId: number,
): Promise<TopicMessageRow[]> {
  return db.query<TopicMessageRow>(
    `SELECT id, subject, date_sent FROM messages
      WHERE stream_id = $1 AND lower(subject) = lower($2) AND id >= $3
      ORDER BY id FOR UPDATE`,
    [streamId, topic, fromId],
  );
}

/**
 * Takes the stream's row lock that topic edits queue on. `FOR NO KEY UPDATE` does not conflict
 * with the key-share locks that new messages take on their stream, so sending goes on.
 */
export async function lockStreamForTopicEdits(db: Queryable, streamId: number): Promise<void> {
  await db.query("SELECT id FROM streams WHERE id = $1 FOR NO KEY UPDATE", [streamId]);
}

/** Ids of the messages of a topic that `userId` received (has a `user_messages` row for). */
export async function receivedTopicMessageIds(
  db: Queryable,
  userId: number,
  streamId: number,
  topic: string,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT m.id FROM messages m JOIN user_messages um ON um.message_id = m.id AND um.user_id = $1
      WHERE m.stream_id = $2 AND lower(m.subject) = lower($3) ORDER BY m.id`,
    [userId, streamId, topic],
  );
  return rows.map((row) => row.id);
}

export async function updateMessageContent(
  db: Queryable,
  messageId: number,
  content: string,
  renderedContent: string,
): Promise<void> {
  await db.query("UPDATE messages SET content = $2, rendered_content = $3 WHERE id = $1", [
    messageId,
    content,
    renderedContent,
  ]);
}

/** Sets the topic of messages. */
export async function updateMessagesTopic(
  db: Queryable,
  messageIds: readonly number[],
  topic: string,
): Promise<void> {
  await db.query("UPDATE messages SET subject = $2 WHERE id = ANY($1::int[])", [messageIds, topic]);
}

export async function setLastEditTime(
  db: Queryable,
  messageIds: readonly number[],
  editTime: number,
): Promise<void> {
  await db.query("UPDATE messages SET last_edit_time = $2 WHERE id = ANY($1::int[])", [
    messageIds,
    editTime,
  ]);
}

/** A `user_messages` row: who received which message, with their flags. */
export interface ReceiverRow {
  user_id: number;
  message_id: number;
  flags: number;
}

/**
 * The `user_messages` rows of messages whose user may still read them today: active users, and
 * for a stream message only subscribers, or anyone but guests when the stream is public. A
 * former subscriber of a private stream keeps their rows but must not learn of later edits.
 */
export async function currentReceivers(
  db: Queryable,
  messageIds: readonly number[],
  stream: { id: number; inviteOnly: boolean } | null,
): Promise<ReceiverRow[]> {
  return db.query<ReceiverRow>(
    `SELECT um.user_id, um.message_id, um.flags
       FROM user_messages um JOIN users u ON u.id = um.user_id
      WHERE um.message_id = ANY($1::int[]) AND u.is_active
        AND ($2::int IS NULL
             OR (NOT $3::boolean AND u.role <> 600)
             OR EXISTS (SELECT 1 FROM subscriptions s
                         WHERE s.user_id = um.user_id AND s.stream_id = $2::int AND s.active))
      ORDER BY um.user_id, um.message_id`,
    [messageIds, stream?.id ?? null, stream?.inviteOnly ?? false],
  );
}

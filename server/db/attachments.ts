import type { Queryable } from "./database";

/** A row of `attachments`. */
export interface AttachmentRow {
  id: number;
  owner_id: number;
  path_id: string;
  file_name: string;
  size: number;
  content_type: string;
  create_time: number;
}

const COLUMNS = "id, owner_id, path_id, file_name, size, content_type, create_time";

/** Records an upload; returns its row. */
export async function insertAttachment(
  db: Queryable,
  attachment: Omit<AttachmentRow, "id">,
): Promise<AttachmentRow> {
  const [row] = await db.query<AttachmentRow>(
    `INSERT INTO attachments (owner_id, path_id, file_name, size, content_type, create_time)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [
      attachment.owner_id,
      attachment.path_id,
      attachment.file_name,
      attachment.size,
      attachment.content_type,
      attachment.create_time,
    ],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  return row;
}

export async function findAttachmentByPathId(
  db: Queryable,
  pathId: string,
): Promise<AttachmentRow | undefined> {
  const rows = await db.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM attachments WHERE path_id = $1`,
    [pathId],
  );
  return rows[0];
}

/** An attachment with the ids of the messages that link it. */
export interface AttachmentWithLinks extends AttachmentRow {
  /** In id order; empty when no message links it. */
  message_ids: number[];
}

/** The uploads of `pathIds` that exist, in id order, each with its linking messages: one read. */
export async function findAttachmentsWithLinks(
  db: Queryable,
  pathIds: readonly string[],
): Promise<AttachmentWithLinks[]> {
  if (pathIds.length === 0) return [];
  const rows = await db.query<AttachmentRow & { message_ids: number[] | null }>(
    `SELECT a.id, a.owner_id, a.path_id, a.file_name, a.size, a.content_type, a.create_time,
            array_agg(am.message_id ORDER BY am.message_id)
              FILTER (WHERE am.message_id IS NOT NULL) AS message_ids
       FROM attachments a
       LEFT JOIN attachment_messages am ON am.attachment_id = a.id
      WHERE a.path_id = ANY($1::text[])
      GROUP BY a.id
      ORDER BY a.id`,
    [pathIds],
  );
  return rows.map((row) => ({ ...row, message_ids: row.message_ids ?? [] }));
}

export async function findAttachmentById(
  db: Queryable,
  id: number,
): Promise<AttachmentRow | undefined> {
  const rows = await db.query<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/** An attachment with the messages that link it. */
export interface AttachmentWithMessages extends AttachmentRow {
  /** Ids and send times (seconds) of the linking messages, in id order. */
  messages: { id: number; date_sent: number }[];
}

/** The uploads of an owner, or those of `ids`, newest first, with their messages. */
export async function listAttachments(
  db: Queryable,
  which: { ownerId: number } | { ids: readonly number[] },
): Promise<AttachmentWithMessages[]> {
  return (await selectAttachments(db, which, false)).attachments;
}

/**
 * The uploads of `ids` as `listAttachments`, and the organisation's space used (as
 * `uploadSpaceUsed`), in one statement: what `attachment` events carry. The space is undefined
 * when none of `ids` exists.
 */
export async function listAttachmentsAndSpaceUsed(
  db: Queryable,
  ids: readonly number[],
): Promise<{ attachments: AttachmentWithMessages[]; spaceUsed: number | undefined }> {
  return selectAttachments(db, { ids }, true);
}

async function selectAttachments(
  db: Queryable,
  which: { ownerId: number } | { ids: readonly number[] },
  withSpaceUsed: boolean,
): Promise<{ attachments: AttachmentWithMessages[]; spaceUsed: number | undefined }> {
  const rows = await db.query<
    AttachmentRow & {
      message_ids: number[] | null;
      dates: number[] | null;
      space_used?: number;
    }
  >(
    `SELECT a.id, a.owner_id, a.path_id, a.file_name, a.size, a.content_type, a.create_time,
            array_agg(m.id ORDER BY m.id) FILTER (WHERE m.id IS NOT NULL) AS message_ids,
            array_agg(m.date_sent ORDER BY m.id) FILTER (WHERE m.id IS NOT NULL) AS dates
            ${withSpaceUsed ? `, (${SPACE_USED_SQL}) AS space_used` : ""}
       FROM attachments a
       LEFT JOIN attachment_messages am ON am.attachment_id = a.id
       LEFT JOIN messages m ON m.id = am.message_id
      WHERE ${"ownerId" in which ? "a.owner_id = $1" : "a.id = ANY($1::int[])"}
      GROUP BY a.id
      ORDER BY a.id DESC`,
    ["ownerId" in which ? which.ownerId : which.ids],
  );
  const attachments = rows.map(({ message_ids, dates, space_used: _space, ...row }) => ({
    ...row,
    messages: (message_ids ?? []).map((messageId, index) => ({
      id: messageId,
      date_sent: dates?.[index] ?? 0,
    })),
  }));
  return { attachments, spaceUsed: rows[0]?.space_used };
}

const SPACE_USED_SQL = "SELECT COALESCE(SUM(size), 0)::bigint FROM attachments";

/** Bytes used by every upload of the organisation (Zulip's `upload_space_used`). */
export async function uploadSpaceUsed(db: Queryable): Promise<number> {
  const [row] = await db.query<{ total: number }>(`SELECT (${SPACE_USED_SQL}) AS total`);
  return row?.total ?? 0;
}

export async function deleteAttachment(db: Queryable, id: number): Promise<void> {
  await db.query("DELETE FROM attachments WHERE id = $1", [id]);
}

/** The ids of the messages that link the upload. */
export async function linkedMessageIds(db: Queryable, attachmentId: number): Promise<number[]> {
  const rows = await db.query<{ message_id: number }>(
    "SELECT message_id FROM attachment_messages WHERE attachment_id = $1 ORDER BY message_id",
    [attachmentId],
  );
  return rows.map((row) => row.message_id);
}

/**
 * Makes `messageId` link exactly `attachmentIds`; returns the uploads whose links changed
 * (added or removed).
 */
export async function setMessageAttachments(
  db: Queryable,
  messageId: number,
  attachmentIds: readonly number[],
): Promise<number[]> {
  const removed = await db.query<{ attachment_id: number }>(
    `DELETE FROM attachment_messages WHERE message_id = $1 AND NOT (attachment_id = ANY($2::int[]))
     RETURNING attachment_id`,
    [messageId, attachmentIds],
  );
  const added =
    attachmentIds.length === 0
      ? []
      : await db.query<{ attachment_id: number }>(
          `INSERT INTO attachment_messages (attachment_id, message_id)
           SELECT unnest($2::int[]), $1 ON CONFLICT DO NOTHING RETURNING attachment_id`,
          [messageId, attachmentIds],
        );
  return [...removed, ...added].map((row) => row.attachment_id);
}

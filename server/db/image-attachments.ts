import type { Queryable } from "./database";

/** A row of `image_attachments`: an uploaded image's facts and its stored thumbnails. */
export interface ImageAttachmentRow {
  attachment_id: number;
  original_width: number;
  original_height: number;
  frames: number;
  thumbnail_formats: string[];
}

export async function insertImageAttachment(db: Queryable, row: ImageAttachmentRow) {
  await db.query(
    `INSERT INTO image_attachments
       (attachment_id, original_width, original_height, frames, thumbnail_formats)
     VALUES ($1, $2, $3, $4, $5::text[])`,
    [row.attachment_id, row.original_width, row.original_height, row.frames, row.thumbnail_formats],
  );
}

export async function findImageAttachment(
  db: Queryable,
  attachmentId: number,
): Promise<ImageAttachmentRow | undefined> {
  const rows = await db.query<ImageAttachmentRow>(
    `SELECT attachment_id, original_width, original_height, frames, thumbnail_formats
       FROM image_attachments WHERE attachment_id = $1`,
    [attachmentId],
  );
  return rows[0];
}

/** The image facts of the uploads of `pathIds` that have thumbnails, with their type. */
export async function findImagesByPathIds(
  db: Queryable,
  pathIds: readonly string[],
): Promise<(ImageAttachmentRow & { path_id: string; content_type: string })[]> {
  if (pathIds.length === 0) return [];
  return db.query(
    `SELECT a.path_id, a.content_type, i.attachment_id, i.original_width, i.original_height,
            i.frames, i.thumbnail_formats
       FROM attachments a JOIN image_attachments i ON i.attachment_id = a.id
      WHERE a.path_id = ANY($1::text[])`,
    [pathIds],
  );
}

import { buffer } from "node:stream/consumers";
import type { AppContext } from "../context";
import type { AttachmentRow } from "../db/attachments";
import { findImageAttachment, insertImageAttachment } from "../db/image-attachments";
import { Thumbnailer } from "../thumbnails/thumbnail-thread";
import { thumbnailKey } from "../uploads/path-id";
import { uploadStorage } from "./upload-storage";

type ServerContext = Pick<AppContext, "config" | "queues">;

// One worker per server, keyed by the queue registry as the upload storage; made on first use.
const perServer = new WeakMap<object, Thumbnailer>();

/** The server's thumbnail worker (started at its first image), for uploads and `/thumbnail`. */
export function thumbnailer(ctx: ServerContext): Thumbnailer {
  let found = perServer.get(ctx.queues);
  if (!found) {
    found = new Thumbnailer();
    perServer.set(ctx.queues, found);
  }
  return found;
}

/** Ends the server's thumbnail worker, if it has one. */
export async function closeThumbnailer(ctx: ServerContext): Promise<void> {
  await perServer.get(ctx.queues)?.close();
}

/** The types libvips reads here (as sniffed from an upload's bytes). */
const THUMBNAILED_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Zulip's `maybe_thumbnail`, done before the upload is answered: for an image, its size and
 * frames and its thumbnails, stored beside it, and an `image_attachments` row. An image libvips
 * cannot read (or too large, or a failure on the way) is left without: the upload stands, and
 * renders as the original.
 */
export async function thumbnailUpload(ctx: AppContext, attachment: AttachmentRow): Promise<void> {
  if (!THUMBNAILED_TYPES.has(attachment.content_type)) return;
  const storage = await uploadStorage(ctx);
  const written: string[] = [];
  try {
    const bytes = await buffer(storage.open(attachment.path_id));
    const result = await thumbnailer(ctx).thumbnail(bytes);
    if (!result.ok || result.thumbnails.length === 0) return;
    for (const { name, bytes: thumbnail } of result.thumbnails) {
      const key = thumbnailKey(attachment.path_id, name);
      await storage.write(key, thumbnail);
      written.push(key);
    }
    await insertImageAttachment(ctx.db, {
      attachment_id: attachment.id,
      original_width: result.width,
      original_height: result.height,
      frames: result.frames,
      thumbnail_formats: result.thumbnails.map((t) => t.name),
    });
  } catch (error) {
    // Nothing half-written: the thumbnails go if their row could not be made.
    for (const key of written) await storage.delete(key).catch(() => undefined);
    console.error(`thumbnailing ${attachment.path_id} failed:`, error);
  }
}

/** Removes an upload's stored thumbnails (before its row, which says which there are, goes). */
export async function deleteThumbnails(ctx: AppContext, attachment: AttachmentRow): Promise<void> {
  const image = await findImageAttachment(ctx.db, attachment.id);
  if (!image) return;
  const storage = await uploadStorage(ctx);
  for (const name of image.thumbnail_formats) {
    await storage.delete(thumbnailKey(attachment.path_id, name));
  }
}

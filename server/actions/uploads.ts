import type { AppContext } from "../context";
import { findAttachmentByPathId, insertAttachment, type AttachmentRow } from "../db/attachments";
import type { UserRow } from "../db/users";
import type { ParsedBody } from "../http/body";
import { ApiError, badRequest } from "../http/errors";
import { readFirstFile } from "../http/multipart-file";
import { findImageAttachment } from "../db/image-attachments";
import { nearestFormat, parseFormatName } from "../thumbnails/formats";
import { checkedPathId, newPathId, pathIdName, thumbnailKey } from "../uploads/path-id";
import { sniffContentType } from "../uploads/sniff";
import { canReadAttachment, publishAttachments } from "./attachments";
import { thumbnailUpload } from "./upload-thumbnails";
import { signPathId, TEMPORARY_URL_SECONDS, uploadStorage, verifyToken } from "./upload-storage";

const MIB = 1024 * 1024;

/** Zulip's refusal of an over-size upload on a self-hosted server (zerver/views/upload.py). */
function tooLarge(maxMib: number): ApiError {
  return new ApiError(
    `File is larger than this server's configured maximum upload size (${maxMib} MiB).`,
  );
}

/**
 * `POST /user_uploads`: stores the one file of a multipart body (whatever its field is called,
 * as Zulip takes `request.FILES`' only value), streamed to a temporary file and kept under a new
 * path id only once it passed every check; a refused upload leaves no file and no row. Answers
 * Zulip's `uri` (and `url`, the same) and the name as uploaded.
 */
export async function uploadFile(ctx: AppContext, user: UserRow, body: ParsedBody) {
  if (!body.multipart) throw badRequest("You must specify a file to upload");
  const maxMib = ctx.config.maxFileUploadSizeMib;
  const storage = await uploadStorage(ctx);
  const { first, fileCount } = await readFirstFile(
    body.multipart.contentType,
    body.multipart.payload,
    maxMib * MIB,
    { receive: (stream) => storage.receive(stream), discard: (received) => received.discard() },
  );
  if (!first) throw badRequest("You must specify a file to upload");
  const { received } = first;
  try {
    if (fileCount !== 1) throw badRequest("You may only upload one file at a time");
    if (first.overLimit) throw tooLarge(maxMib);
    if (received.size === 0) throw badRequest("The file is empty.");
    const pathId = newPathId(first.fileName);
    // The row and the file together: a failed move rolls the row back.
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertAttachment(tx, {
        owner_id: user.id,
        path_id: pathId,
        file_name: first.fileName,
        size: received.size,
        content_type: sniffContentType(received.head),
        create_time: ctx.clock.now(),
      });
      await received.keep(pathId);
      return inserted;
    });
    // Before the answer, so a message sent once the upload is answered has its thumbnail.
    await thumbnailUpload(ctx, row);
    await publishAttachments(ctx, "add", [row.id]);
    // As Zulip, the path id as it is: its name holds only letters, digits, `_`, `.` and `-`.
    const url = `/user_uploads/${pathId}`;
    return { uri: url, url, filename: first.fileName };
  } finally {
    // After `keep` there is nothing left to discard; before it, the file must not stay.
    await received.discard();
  }
}

/** Why a file is not served: Zulip's 404 and 403 texts. */
export type ReadRefusal = { status: 404; text: string } | { status: 403; text: string };

const NOT_FOUND: ReadRefusal = {
  status: 404,
  text: "<p>This file does not exist or has been deleted.</p>",
};
const FORBIDDEN: ReadRefusal = {
  status: 403,
  text: "<p>You are not authorized to view this file.</p>",
};

/**
 * Zulip's `serve_file` checks: the upload of `pathId` if `viewer` may read it, else why not (a
 * missing one first, as Zulip; an anonymous request is never authorised, as Parley has no
 * web-public streams).
 */
export async function attachmentToServe(
  ctx: AppContext,
  viewer: UserRow | undefined,
  pathId: string,
): Promise<AttachmentRow | ReadRefusal> {
  const checked = checkedPathId(pathId);
  const attachment =
    checked === undefined ? undefined : await findAttachmentByPathId(ctx.db, checked);
  if (!attachment) return NOT_FOUND;
  if (!viewer || !(await canReadAttachment(ctx.db, viewer, attachment))) return FORBIDDEN;
  return attachment;
}

/**
 * `GET /user_uploads/{realm_id}/{path}` of the API: a URL that serves the file without
 * credentials for `TEMPORARY_URL_SECONDS` (an `<img>` cannot send Basic auth). Refusals are
 * Zulip's "File not found" / "You are not authorized…", as JSON errors.
 */
export async function temporaryFileUrl(
  ctx: AppContext,
  user: UserRow,
  realmId: string,
  rest: string,
): Promise<{ url: string }> {
  const found = await attachmentToServe(ctx, user, `${realmId}/${rest}`);
  if ("status" in found) {
    // Zulip answers these in HTML even here; the API's clients read JSON errors.
    throw new ApiError(found.text.replace(/<\/?p>/g, ""), { status: found.status });
  }
  const expiresAt = ctx.clock.now() + TEMPORARY_URL_SECONDS * 1000;
  const token = signPathId(ctx, found.path_id, expiresAt);
  return {
    url: `/user_uploads/temporary/${token}/${encodeURIComponent(pathIdName(found.path_id))}`,
  };
}

/** Why a thumbnail is not served (an image without one, or no such format): a 404. */
const NO_THUMBNAIL: ReadRefusal = {
  status: 404,
  text: "<p>This image has no thumbnail of that format.</p>",
};

/**
 * The stored thumbnail (its storage key and format name) that answers a request for `format`
 * of `attachment`: the nearest Zulip would serve (`nearestFormat`), or a 404 refusal when the
 * name is not a format or the upload has no thumbnail. Only a format name ever reaches the key.
 */
export async function thumbnailToServe(
  ctx: AppContext,
  attachment: AttachmentRow,
  format: string,
): Promise<{ key: string; name: string } | ReadRefusal> {
  const requested = parseFormatName(format);
  if (!requested) return NO_THUMBNAIL;
  const image = await findImageAttachment(ctx.db, attachment.id);
  const name = image && nearestFormat(requested, image.thumbnail_formats);
  if (!name) return NO_THUMBNAIL;
  return { key: thumbnailKey(attachment.path_id, name), name };
}

/**
 * Zulip's `serve_file_unauthed_from_token`: the upload a temporary URL names, while its token is
 * valid and `fileName` is the path id's last segment; else Zulip's "Invalid token" or "Invalid
 * filename" (returned, for the route to answer).
 */
export async function attachmentForToken(
  ctx: AppContext,
  token: string,
  fileName: string,
): Promise<AttachmentRow | ApiError> {
  const pathId = verifyToken(ctx, token, ctx.clock.now());
  if (pathId === undefined) return new ApiError("Invalid token");
  if (pathIdName(pathId) !== fileName) return new ApiError("Invalid filename");
  return (await findAttachmentByPathId(ctx.db, pathId)) ?? new ApiError("Invalid token");
}

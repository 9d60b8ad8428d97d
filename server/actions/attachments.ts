import type { AppContext } from "../context";
import {
  deleteAttachment,
  findAttachmentById,
  findAttachmentsWithLinks,
  linkedMessageIds,
  listAttachments,
  listAttachmentsAndSpaceUsed,
  setMessageAttachments,
  uploadSpaceUsed,
  type AttachmentRow,
  type AttachmentWithMessages,
} from "../db/attachments";
import type { Queryable } from "../db/database";
import type { UserRow } from "../db/users";
import { badRequest } from "../http/errors";
import { checkedPathId } from "../uploads/path-id";
import { visibleMessages } from "./message-access";
import { uploadStorage } from "./upload-storage";
import { deleteThumbnails } from "./upload-thumbnails";

/**
 * Zulip's rule for who may read an upload (`validate_attachment_request`): its uploader, and
 * anyone who may see a message that links it (a subscriber of its stream, anyone not a guest
 * for a public stream, a recipient of a direct message).
 */
export async function canReadAttachment(
  db: Queryable,
  user: UserRow,
  attachment: AttachmentRow,
): Promise<boolean> {
  if (attachment.owner_id === user.id) return true;
  const messageIds = await linkedMessageIds(db, attachment.id);
  if (messageIds.length === 0) return false;
  return (await visibleMessages(db, user, messageIds)).length > 0;
}

const UPLOAD_LINK = /\/user_uploads\/(\d+\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/[^\s)\]>"'?#<]+)/g;

/** A cheap test before `linkedPathIds`: most messages link no upload and cost no query. */
export function mayLinkUploads(content: string): boolean {
  return content.includes("/user_uploads/");
}

/** The path ids of the uploads linked in Markdown `content` (relative or absolute URLs). */
function linkedPathIds(content: string): string[] {
  const found = new Set<string>();
  for (const match of content.matchAll(UPLOAD_LINK)) {
    let text = match[1] ?? "";
    try {
      text = decodeURIComponent(text);
    } catch {
      // A malformed escape: look it up as written.
    }
    const pathId = checkedPathId(text);
    if (pathId !== undefined) found.add(pathId);
  }
  return [...found];
}

/**
 * Zulip's `do_claim_attachments`: the uploads `content` links become the message's (on send,
 * and again on each edit of its content, which drops the links that went). A link to someone
 * else's upload claims it only if the sender may already read it (`canReadAttachment`), so a
 * message cannot widen who sees a file its sender cannot see. However many uploads it links,
 * one read finds them with their messages and one asks which of those the sender may see.
 */
export async function claimAttachments(
  db: Queryable,
  sender: UserRow,
  messageId: number,
  content: string,
): Promise<number[]> {
  const attachments = await findAttachmentsWithLinks(db, linkedPathIds(content));
  const others = attachments.filter((attachment) => attachment.owner_id !== sender.id);
  const messageIds = [...new Set(others.flatMap((attachment) => attachment.message_ids))];
  const visible =
    messageIds.length === 0
      ? new Set<number>()
      : new Set((await visibleMessages(db, sender, messageIds)).map((message) => message.id));
  const claimed = attachments
    .filter(
      (attachment) =>
        attachment.owner_id === sender.id || attachment.message_ids.some((id) => visible.has(id)),
    )
    .map((attachment) => attachment.id);
  return setMessageAttachments(db, messageId, claimed);
}

/**
 * Sends `attachment` `add` or `update` with each upload of `ids` as `GET /attachments` shows it,
 * to its owner (Zulip's `notify_attachment_update`). Call it after the change is committed.
 */
export async function publishAttachments(
  ctx: AppContext,
  op: "add" | "update",
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const { attachments, spaceUsed } = await listAttachmentsAndSpaceUsed(ctx.db, [...new Set(ids)]);
  for (const attachment of attachments) {
    ctx.queues.publish([attachment.owner_id], () => ({
      type: "attachment",
      op,
      attachment: formatAttachment(attachment),
      upload_space_used: spaceUsed ?? 0,
    }));
  }
}

/** An attachment as `GET /attachments` shows it (times in milliseconds). */
function formatAttachment(attachment: AttachmentWithMessages) {
  return {
    id: attachment.id,
    name: attachment.file_name,
    path_id: attachment.path_id,
    size: attachment.size,
    create_time: attachment.create_time,
    messages: attachment.messages.map((message) => ({
      id: message.id,
      date_sent: message.date_sent * 1000,
    })),
  };
}

/** `GET /attachments`: the caller's uploads, newest first, and the organisation's space used. */
export async function userAttachments(ctx: AppContext, user: UserRow) {
  const attachments = await listAttachments(ctx.db, { ownerId: user.id });
  return {
    attachments: attachments.map(formatAttachment),
    upload_space_used: await uploadSpaceUsed(ctx.db),
  };
}

/**
 * `DELETE /attachments/{id}`: the owner removes an upload (its file, its row, its messages'
 * links). Anyone else's, or a missing one: Zulip's "Invalid attachment".
 */
export async function removeAttachment(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  const attachment = await findAttachmentById(ctx.db, id);
  if (!attachment || attachment.owner_id !== user.id) throw badRequest("Invalid attachment");
  await deleteThumbnails(ctx, attachment);
  await deleteAttachment(ctx.db, attachment.id);
  await (await uploadStorage(ctx)).delete(attachment.path_id);
  const used = await uploadSpaceUsed(ctx.db);
  ctx.queues.publish([user.id], () => ({
    type: "attachment",
    op: "remove",
    attachment: { id: attachment.id },
    upload_space_used: used,
  }));
}

import type { Queryable } from "../db/database";
import { findMessagesForAccess, type MessageAccessRecord } from "../db/messages";
import { ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

export type { MessageAccessRecord } from "../db/messages";

/** Zulip's one answer for a message that is missing or that the caller may not see. */
export function invalidMessages() {
  return badRequest("Invalid message(s)");
}

/** May `user` read the stream's messages at all (public to non-guests, else subscribers)? */
function hasStreamAccess(user: UserRow, message: MessageAccessRecord): boolean {
  return (message.invite_only === false && user.role !== ROLE.guest) || message.is_subscribed;
}

/**
 * Whether `user` may read the message: they received it (have a row), or it is in a stream
 * whose whole history they may read (a public stream for non-guests; a stream with shared
 * history they are subscribed to). Same rule as `GET /messages`.
 */
function canReadMessage(user: UserRow, message: MessageAccessRecord): boolean {
  if (message.flags !== null) return true;
  if (message.stream_id === null) return false;
  if (message.invite_only === false && user.role !== ROLE.guest) return true;
  return message.is_subscribed && message.history_public_to_subscribers === true;
}

/**
 * Whether `user` may act on the message (react, delete): read access and, for a stream message,
 * current access to the stream, so someone who left a private stream can no longer change the
 * messages they received there (Zulip CVE-2023-32678).
 */
function canModifyMessage(user: UserRow, message: MessageAccessRecord): boolean {
  if (!canReadMessage(user, message)) return false;
  return message.stream_id === null || hasStreamAccess(user, message);
}

/**
 * The messages named by `ids` (deduplicated, in id order), each of which `user` may read (or
 * modify, with `modifying`); any missing or hidden one fails the whole call with
 * "Invalid message(s)". `modifying` also locks the message rows until the transaction ends.
 */
export async function accessMessages(
  db: Queryable,
  user: UserRow,
  ids: readonly number[],
  modifying = false,
): Promise<MessageAccessRecord[]> {
  const wanted = new Set(ids);
  const found = await findMessagesForAccess(db, user.id, [...wanted], modifying);
  const allowed = found.filter((message) =>
    modifying ? canModifyMessage(user, message) : canReadMessage(user, message),
  );
  if (allowed.length !== wanted.size) throw invalidMessages();
  return allowed;
}

/** One message by id, as `accessMessages`. */
export async function accessMessage(
  db: Queryable,
  user: UserRow,
  id: number,
  modifying = false,
): Promise<MessageAccessRecord> {
  const [message] = await accessMessages(db, user, [id], modifying);
  if (!message) throw invalidMessages();
  return message;
}

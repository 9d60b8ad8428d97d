import type { Queryable } from "../db/database";
import {
  findMessagesForAccess,
  MESSAGE_SELECT,
  type MessageAccessRecord,
  type MessageRecord,
} from "../db/messages";
import { ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

export type { MessageAccessRecord } from "../db/messages";

/** Zulip's one answer for a message that is missing or that the caller may not see. */
export function invalidMessages() {
  return badRequest("Invalid message(s)");
}

/**
 * Zulip's `has_message_access` (`zerver/lib/message.py`), the one rule for every lookup by id:
 * a direct message only if the user received it (has a `user_messages` row); a stream message
 * if the stream is public and the user is not a guest, or else if they are subscribed now and
 * the stream's history is public to subscribers or they received the message. A row alone is
 * not enough in a stream: someone who left a private stream no longer sees its messages.
 */
function hasMessageAccess(user: UserRow, message: MessageAccessRecord): boolean {
  if (message.stream_id === null) return message.flags !== null;
  if (message.invite_only === false && user.role !== ROLE.guest) return true;
  if (!message.is_subscribed) return false;
  return message.history_public_to_subscribers === true || message.flags !== null;
}

/**
 * The messages named by `ids` (deduplicated, in id order) that `user` may see by
 * `hasMessageAccess`, or, with `ownRowSuffices`, that they have a row for (Zulip changes
 * flags on any message the user has a row for: `do_update_message_flags`). Any missing or hidden
 * one fails the whole call with "Invalid message(s)". `lock` locks the message rows until the
 * transaction ends.
 */
export async function accessMessages(
  db: Queryable,
  user: UserRow,
  ids: readonly number[],
  options: { lock?: boolean; ownRowSuffices?: boolean } = {},
): Promise<MessageAccessRecord[]> {
  const wanted = new Set(ids);
  const found = await findMessagesForAccess(db, user.id, [...wanted], options.lock === true);
  const allowed = found.filter(
    (message) =>
      (options.ownRowSuffices === true && message.flags !== null) ||
      hasMessageAccess(user, message),
  );
  if (allowed.length !== wanted.size) throw invalidMessages();
  return allowed;
}

/** The messages among `ids` that `user` may see by `hasMessageAccess`; the others are left out. */
export async function visibleMessages(
  db: Queryable,
  user: UserRow,
  ids: readonly number[],
): Promise<MessageAccessRecord[]> {
  const found = await findMessagesForAccess(db, user.id, ids, false);
  return found.filter((message) => hasMessageAccess(user, message));
}

/** One message by id, as `accessMessages`. */
export async function accessMessage(
  db: Queryable,
  user: UserRow,
  id: number,
  options: { lock?: boolean } = {},
): Promise<MessageAccessRecord> {
  const [message] = await accessMessages(db, user, [id], options);
  if (!message) throw invalidMessages();
  return message;
}

/**
 * One message by id with everything formatting needs (the viewer's flags included), checked by
 * `hasMessageAccess` like every other lookup; a message the viewer may not see is reported
 * exactly like a missing one.
 */
export async function accessMessageRecord(
  db: Queryable,
  viewer: UserRow,
  id: number,
  options: { lock?: boolean } = {},
): Promise<MessageRecord> {
  await accessMessage(db, viewer, id, options);
  const [record] = await db.query<MessageRecord>(
    `${MESSAGE_SELECT}
      LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = $2
     WHERE m.id = $1`,
    [id, viewer.id],
  );
  if (!record) throw invalidMessages();
  return record;
}

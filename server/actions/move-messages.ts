import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { FLAG_BITS } from "../db/flags";
import type { ReceiverRow } from "../db/message-edits";
import type { MessageRecord } from "../db/messages";
import {
  deleteUserMessageRows,
  insertReadRows,
  moveMessagesToStream,
  subscriptionsOfStreams,
  userMessageFlags,
} from "../db/message-moves";
import { findStreamById, isSubscribed, type StreamRow } from "../db/streams";
import { ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";
import { canSeeStream } from "./stream-access";

/** Zulip's default `move_messages_between_streams_limit_seconds` (a week), for non-moderators. */
export const STREAM_MOVE_LIMIT_SECONDS = 604_800;
/** Zulip allows 20 s past the limit. */
const MOVE_LIMIT_BUFFER_SECONDS = 20;

/**
 * Zulip 9's checks of a move to stream `streamId` (`check_update_message`): the editor may move
 * messages between streams (`move_messages_between_streams_policy`, members by default, so not
 * guests), may see the destination (else "Invalid stream ID", as `access_stream_by_id`), and,
 * below moderator, the message is at most a week old. Returns the destination.
 */
export async function checkStreamMove(
  tx: Queryable,
  editor: UserRow,
  message: MessageRecord,
  streamId: number,
  now: number,
): Promise<StreamRow> {
  if (editor.role === ROLE.guest) {
    throw badRequest("You don't have permission to move this message");
  }
  const target = await findStreamById(tx, streamId);
  const subscribed = target !== undefined && (await isSubscribed(tx, editor.id, target.id));
  if (!target || !canSeeStream(editor, target, subscribed)) throw badRequest("Invalid stream ID");
  const limit = STREAM_MOVE_LIMIT_SECONDS + MOVE_LIMIT_BUFFER_SECONDS;
  if (editor.role > ROLE.moderator && now - message.date_sent > limit) {
    throw badRequest("The time limit for editing this message's stream has passed");
  }
  return target;
}

/** What moving messages to another stream changed for its users. */
interface StreamMoveOutcome {
  /** One row per notified user and moved message; `flags` of the edited message are theirs. */
  receivers: ReceiverRow[];
  /** Who can no longer see the messages: they get `delete_message` instead. */
  losingAccess: number[];
}

/**
 * Moves `changedIds` from `from` to `to` with Zulip's `do_update_message` rules for their users'
 * rows: everyone ever subscribed to `from` and not subscribed to `to` loses their rows; those
 * who then cannot see the messages at all (every one of them for a private destination, the
 * guests for a public one) are told of a deletion instead; when `to` keeps its history from new
 * subscribers, each of its subscribers gets a read row. The `update_message` goes to those who
 * kept their row for the edited message and, when `from` shares its history, to the current
 * subscribers of either stream who can see the messages (not to a guest only in `to`).
 */
export async function moveToStream(
  tx: Queryable,
  message: MessageRecord,
  from: StreamRow,
  to: StreamRow,
  changedIds: readonly number[],
): Promise<StreamMoveOutcome> {
  const subscriptions = await subscriptionsOfStreams(tx, [from.id, to.id]);
  const users = (pick: (row: (typeof subscriptions)[number]) => boolean) =>
    new Set(subscriptions.filter(pick).map((row) => row.user_id));
  const oldAll = users((row) => row.stream_id === from.id);
  const oldActive = users((row) => row.stream_id === from.id && row.active);
  const newActive = users((row) => row.stream_id === to.id && row.active);
  const guests = users((row) => row.is_guest);
  const losingRows = [...oldAll].filter((id) => !newActive.has(id));
  const losingAccess = new Set(
    to.invite_only ? losingRows : losingRows.filter((id) => guests.has(id)),
  );
  const targetRows = await userMessageFlags(tx, message.id);
  await moveMessagesToStream(tx, changedIds, to);
  await deleteUserMessageRows(tx, losingRows, changedIds);
  if (!to.history_public_to_subscribers) await insertReadRows(tx, [...newActive], changedIds);

  const losing = new Set(losingRows);
  const notified = new Map<number, number>();
  for (const row of targetRows) if (!losing.has(row.user_id)) notified.set(row.user_id, row.flags);
  if (from.history_public_to_subscribers) {
    const add = (id: number) => {
      if (!notified.has(id) && !losingAccess.has(id)) notified.set(id, FLAG_BITS.read);
    };
    for (const id of newActive) if (!guests.has(id) || oldActive.has(id)) add(id);
    for (const id of oldActive) if (!newActive.has(id)) add(id);
  }
  const receivers = [...notified].flatMap(([userId, flags]) =>
    changedIds.map((id) => ({
      user_id: userId,
      message_id: id,
      flags: id === message.id ? flags : FLAG_BITS.read,
    })),
  );
  return { receivers, losingAccess: [...losingAccess] };
}

/**
 * The `delete_message` a user who lost access to moved messages gets (Zulip sends it in bulk
 * form; a queue without `bulk_message_deletion` gets one event per message, as Tornado does).
 */
export function publishLostAccess(
  ctx: AppContext,
  userIds: readonly number[],
  from: StreamRow,
  topic: string,
  messageIds: readonly number[],
): void {
  if (userIds.length === 0) return;
  const where = { message_type: "stream", stream_id: from.id, topic } as const;
  ctx.queues.publish(userIds, (queue) =>
    queue.options.capabilities["bulk_message_deletion"] === true
      ? { type: "delete_message", message_ids: [...messageIds], ...where }
      : null,
  );
  for (const id of messageIds) {
    ctx.queues.publish(userIds, (queue) =>
      queue.options.capabilities["bulk_message_deletion"] === true
        ? null
        : { type: "delete_message", message_id: id, ...where },
    );
  }
}

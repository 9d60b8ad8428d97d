import type { DeleteMessageEvent, EventWithoutId } from "../../common/wire/events";
import { unixSeconds } from "../clock";
import type { AppContext } from "../context";
import { deleteMessage as deleteMessageRows, messageAudience } from "../db/messages";
import { deleteReactionsOfMessage } from "../db/reactions";
import { messagesRewritten } from "../db/topic-cache";
import { isAdministrator, type UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import { badRequest } from "../http/errors";
import { publishFirstMessageIds, updateFirstMessageIds } from "./first-message-id";
import { accessMessage, type MessageAccessRecord } from "./message-access";

/** Zulip's default `message_content_delete_limit_seconds` for deleting one's own messages. */
export const MESSAGE_DELETE_LIMIT_SECONDS = 600;

/**
 * The spec expects an administrator; Zulip (whose rule we follow) also lets people delete their
 * own messages, and their bots' messages, within the realm's limit (600 s by default).
 */
function checkCanDelete(ctx: AppContext, user: UserRow, message: MessageAccessRecord): void {
  if (isAdministrator(user)) return;
  const isOwn = message.sender_id === user.id || message.sender_bot_owner_id === user.id;
  if (!isOwn) throw badRequest("You don't have permission to delete this message");
  if (unixSeconds(ctx.clock) - message.date_sent > MESSAGE_DELETE_LIMIT_SECONDS) {
    throw badRequest("The time limit for deleting this message has passed");
  }
}

/** The `delete_message` event for one queue: bulk form with the capability, else Zulip's legacy one. */
function deleteEvent(
  queue: EventQueue,
  message: MessageAccessRecord,
): EventWithoutId<"delete_message"> {
  const where: Pick<DeleteMessageEvent, "message_type" | "stream_id" | "topic"> =
    message.stream_id === null
      ? { message_type: "private" }
      : { message_type: "stream", stream_id: message.stream_id, topic: message.subject };
  return queue.options.capabilities["bulk_message_deletion"] === true
    ? { type: "delete_message", message_ids: [message.id], ...where }
    : { type: "delete_message", message_id: message.id, ...where };
}

/**
 * `DELETE /messages/{id}`: deletes a message the caller may see and may delete (administrators
 * any; others their own or their bots' within `MESSAGE_DELETE_LIMIT_SECONDS`), with its rows and
 * reactions, in one transaction. Then publishes `delete_message` to everyone who had it or may
 * read the stream's history, and to `all_public_streams` queues for a public stream's message.
 * Deleting a stream's first message moves its `first_message_id` on (see `updateFirstMessageIds`).
 */
export async function deleteMessage(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
): Promise<void> {
  const { message, audience, firsts } = await ctx.db.transaction(async (tx) => {
    const found = await accessMessage(tx, user, messageId, { lock: true });
    checkCanDelete(ctx, user, found);
    const users = await messageAudience(tx, found.id, found.stream_id);
    await deleteReactionsOfMessage(tx, found.id);
    await deleteMessageRows(tx, found.id);
    const firsts =
      found.stream_id === null ? [] : await updateFirstMessageIds(tx, [found.stream_id]);
    return { message: found, audience: new Set(users), firsts };
  });
  if (message.stream_id !== null) messagesRewritten(ctx.db);
  ctx.queues.publish(audience, (queue) => deleteEvent(queue, message));
  if (message.stream_id !== null && message.invite_only === false) {
    ctx.queues.publishWhere(
      (queue) => queue.options.allPublicStreams && !audience.has(queue.userId),
      (queue) => deleteEvent(queue, message),
    );
  }
  publishFirstMessageIds(ctx, firsts);
}

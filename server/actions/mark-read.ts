import type { EventWithoutId } from "../../common/wire/events";
import type { AppContext } from "../context";
import { isStorableId } from "../db/messages";
import { findStreamById, isSubscribed, type StreamRow } from "../db/streams";
import { hasRowsInTopic, markAllRead, markStreamRead } from "../db/user-messages";
import { ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/** The `update_message_flags` event of a bulk read. */
function readEvent(messages: number[], all: boolean): EventWithoutId<"update_message_flags"> {
  return {
    type: "update_message_flags",
    op: "add",
    operation: "add",
    flag: "read",
    messages,
    all,
  };
}

/**
 * A stream the user may read, by id; anything else (unknown, or private and not subscribed) is
 * Zulip's "Invalid stream ID", so a private stream's existence does not leak.
 */
async function accessStreamById(
  ctx: AppContext,
  user: UserRow,
  streamId: number,
): Promise<StreamRow> {
  const stream = isStorableId(streamId) ? await findStreamById(ctx.db, streamId) : undefined;
  if (stream) {
    const isPublicToUser = !stream.invite_only && user.role !== ROLE.guest;
    if (isPublicToUser || (await isSubscribed(ctx.db, user.id, stream.id))) return stream;
  }
  throw badRequest("Invalid stream ID");
}

/**
 * `POST /mark_all_as_read`: marks every message the user received read, in one transaction (so
 * always complete, unlike Zulip's batches under a timeout), and publishes Zulip's
 * `{op: "add", flag: "read", messages: [], all: true}` event to the user's queues (always, as
 * Zulip does; clients reset their unread state on it). Returns how many messages changed.
 */
export async function markAllAsRead(ctx: AppContext, user: UserRow): Promise<number> {
  const count = await ctx.db.transaction((tx) => markAllRead(tx, user.id));
  ctx.queues.publish([user.id], () => readEvent([], true));
  return count;
}

/**
 * `POST /mark_stream_as_read`: marks the user's unread messages of a stream they may read as
 * read and publishes the ids that changed (no event if none did). Returns those ids.
 */
export async function markStreamAsRead(
  ctx: AppContext,
  user: UserRow,
  streamId: number,
): Promise<number[]> {
  const stream = await accessStreamById(ctx, user, streamId);
  const changed = await ctx.db.transaction((tx) =>
    markStreamRead(tx, user.id, stream.id, undefined),
  );
  if (changed.length > 0) ctx.queues.publish([user.id], () => readEvent(changed, false));
  return changed;
}

/**
 * `POST /mark_topic_as_read`: as `markStreamAsRead`, for one topic (compared without case). A
 * topic in which the user received nothing is "No such topic '<t>'". Zulip 9 treats an empty
 * `topic_name` as the whole stream; topics are never empty here, so we refuse it the same way.
 */
export async function markTopicAsRead(
  ctx: AppContext,
  user: UserRow,
  streamId: number,
  topic: string,
): Promise<number[]> {
  const stream = await accessStreamById(ctx, user, streamId);
  const changed = await ctx.db.transaction(async (tx) => {
    if (!(await hasRowsInTopic(tx, user.id, stream.id, topic))) {
      throw badRequest(`No such topic '${topic}'`);
    }
    return markStreamRead(tx, user.id, stream.id, topic);
  });
  if (changed.length > 0) ctx.queues.publish([user.id], () => readEvent(changed, false));
  return changed;
}

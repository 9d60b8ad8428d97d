import type { AppContext } from "../context";
import type { Topic } from "../../common/wire/streams";
import { streamCacheOf } from "../db/stream-cache";
import { topicCacheOf } from "../db/topic-cache";
import { findStreamById, isSubscribed, listTopics, subscriberIds } from "../db/streams";
import type { UserRow } from "../db/users";
import { badRequest } from "../http/errors";
import { canManageStream, canSeeStream } from "./stream-access";

const MAX_INT4 = 2_147_483_647;

/**
 * `GET /users/me/{stream_id}/topics`: the stream's topics, newest first (by the id of their
 * last message), names that differ only in case merged under their newest spelling. A missing
 * stream and one the caller may not read (a private stream they are not subscribed to, with no
 * exemption for administrators; any unsubscribed stream for a guest) are the same 400
 * `Invalid stream ID`. With protected history only topics of messages the caller received count.
 */
export async function getStreamTopics(
  ctx: AppContext,
  user: UserRow,
  streamId: number,
): Promise<Topic[]> {
  const isId = Number.isSafeInteger(streamId) && streamId > 0 && streamId <= MAX_INT4;
  // The stream and its subscribers from the stream cache (invalidated by every change to either):
  // a switch to a stream asks for its topics, and the topics need no read but their own.
  const cached = isId ? await streamCacheOf(ctx.db).find(ctx.db, streamId) : undefined;
  const stream = cached?.row;
  const subscribed = cached?.subscribers.has(user.id) === true;
  if (!stream || !canSeeStream(user, stream, subscribed)) throw badRequest("Invalid stream ID");
  // With protected history each caller has their own list; otherwise everyone shares one.
  const rows = stream.history_public_to_subscribers
    ? await topicCacheOf(ctx.db).find(stream.id, () => listTopics(ctx.db, stream.id, undefined))
    : await listTopics(ctx.db, stream.id, user.id);
  return rows.map((row) => ({ name: row.name, max_id: row.max_id }));
}

/**
 * `GET /streams/{stream_id}/members`: the ids of the stream's active subscribers, for whoever
 * may see the stream, and for administrators on every stream (Zulip's `get_subscribers_backend`
 * checks `access_stream_by_id(..., allow_realm_admin=True)`). Anything else, a missing stream
 * included, is 400 `Invalid stream ID`.
 */
export async function getStreamMembers(
  ctx: AppContext,
  user: UserRow,
  streamId: number,
): Promise<number[]> {
  const isId = Number.isSafeInteger(streamId) && streamId > 0 && streamId <= MAX_INT4;
  const stream = isId ? await findStreamById(ctx.db, streamId) : undefined;
  const subscribed = stream !== undefined && (await isSubscribed(ctx.db, user.id, stream.id));
  if (!stream || !canManageStream(user, stream, subscribed)) throw badRequest("Invalid stream ID");
  return subscriberIds(ctx.db, stream.id);
}

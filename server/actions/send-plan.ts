import type { AppContext } from "../context";
import { findGroupRecipient, personalRecipientId } from "../db/messages";
import { streamCacheOf, type CachedStream } from "../db/stream-cache";
import type { StreamRow } from "../db/streams";
import { ROLE, type UserRow } from "../db/users";
import { ApiError, badRequest, streamDoesNotExist } from "../http/errors";
import { findRecipientUsers } from "./recipients";
import { checkTopic } from "./validate";

/** Where a message goes: a stream (by name or id) and topic, or people (by email or id). */
export type MessageTarget =
  | { kind: "stream"; stream: string | number; topic: string | undefined }
  | { kind: "direct"; recipients: readonly (string | number)[] };

/** Who gets a message and under which recipient, as checked when it was planned. */
export interface Delivery {
  stream: StreamRow | null;
  topic: string;
  /** Everyone who gets a `user_messages` row: the stream's subscribers or the participants, and the sender. */
  receiverIds: number[];
  /** Zulip's recipient: 1 a user, 2 a stream, 3 a direct-message group (created when sending). */
  recipientType: 1 | 2 | 3;
  /** The recipient row and its type id; undefined for a group not created yet. */
  recipient: { id: number; typeId: number } | undefined;
  /** The participants of a direct message, by id; empty for a stream message. */
  participants: UserRow[];
  /**
   * The stream cache's generation the plan was made under (stream messages): when the cache
   * has been invalidated since, subscriptions changed and the plan is made again before writing.
   */
  generation: number;
}

/** May `user` post to `stream`? Public streams take anyone but guests; private ones need a subscription. */
function checkCanPost(user: UserRow, stream: CachedStream): void {
  if (!stream.row.invite_only && user.role !== ROLE.guest) return;
  if (stream.subscribers.has(user.id)) return;
  throw badRequest(`Not authorized to send to stream '${stream.row.name}'`);
}

async function resolveStream(ctx: AppContext, ref: string | number): Promise<CachedStream> {
  const stream = await streamCacheOf(ctx.db).find(ctx.db, ref);
  if (stream) return stream;
  if (typeof ref === "number") {
    throw new ApiError(`Stream with ID '${ref}' does not exist`, {
      code: "STREAM_DOES_NOT_EXIST",
      extra: { stream_id: ref },
    });
  }
  throw streamDoesNotExist(ref);
}

async function resolveRecipients(
  ctx: AppContext,
  recipients: readonly (string | number)[],
): Promise<UserRow[]> {
  if (recipients.length === 0) throw badRequest("Message must have recipients");
  const hasEmails = recipients.some((r) => typeof r === "string");
  const hasIds = recipients.some((r) => typeof r === "number");
  if (hasEmails && hasIds)
    throw badRequest("Recipient lists may contain emails or user IDs, but not both.");
  return findRecipientUsers(ctx.db, recipients);
}

async function planStreamDelivery(
  ctx: AppContext,
  sender: UserRow,
  target: Extract<MessageTarget, { kind: "stream" }>,
  internal: boolean,
): Promise<Delivery> {
  const generation = streamCacheOf(ctx.db).generation;
  const stream = await resolveStream(ctx, target.stream);
  const topic = checkTopic(target.topic);
  if (!internal) checkCanPost(sender, stream);
  const receiverIds = stream.subscribers.has(sender.id)
    ? [...stream.subscriberIds]
    : [...stream.subscriberIds, sender.id];
  return {
    stream: stream.row,
    topic,
    receiverIds,
    recipientType: 2,
    recipient: { id: stream.row.recipient_id, typeId: stream.row.id },
    participants: [],
    generation,
  };
}

/**
 * Checks a message's target for `sender` and works out its receivers: the stream must exist
 * and take the sender's messages (from the stream cache), the people must be active users.
 * Throws the error Zulip gives otherwise. An `internal` send (the server's own bots, Zulip's
 * `internal_send_stream_message`) may post to any stream.
 */
export async function planDelivery(
  ctx: AppContext,
  sender: UserRow,
  target: MessageTarget,
  internal = false,
): Promise<Delivery> {
  if (target.kind === "stream") return planStreamDelivery(ctx, sender, target, internal);
  const others = await resolveRecipients(ctx, target.recipients);
  const byId = new Map([sender, ...others].map((user) => [user.id, user]));
  const participants = [...byId.values()].sort((a, b) => a.id - b.id);
  const receiverIds = participants.map((user) => user.id);
  const base = { stream: null, topic: "", receiverIds, participants, generation: 0 };
  if (participants.length <= 2) {
    const receiver = receiverIds.find((id) => id !== sender.id) ?? sender.id;
    const recipientId = await personalRecipientId(ctx.db, receiver);
    return { ...base, recipientType: 1, recipient: { id: recipientId, typeId: receiver } };
  }
  const group = await findGroupRecipient(ctx.db, receiverIds);
  const recipient = group ? { id: group.recipientId, typeId: group.groupId } : undefined;
  return { ...base, recipientType: 3, recipient };
}

/** Whether a plan may be out of date: made for a stream before the cache was last invalidated. */
export function isStalePlan(ctx: AppContext, delivery: Delivery): boolean {
  return delivery.stream !== null && delivery.generation !== streamCacheOf(ctx.db).generation;
}

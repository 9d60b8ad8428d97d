import type { EventWithoutId } from "../../common/wire/events";
import type { AppContext } from "../context";
import { findStreamById, isSubscribed, subscriberIds } from "../db/streams";
import { ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";
import { findRecipientUsers } from "./recipients";
import { checkTopic } from "./validate";

export type TypingOp = "start" | "stop";

export type TypingTarget =
  | { kind: "direct"; to: readonly (number | string)[] }
  | { kind: "stream"; streamId: number | undefined; topic: string | undefined };

/** Capability a queue needs to receive typing notifications of streams. */
const CAPABILITY_STREAM_TYPING = "stream_typing_notifications";

const MAX_TYPING_RECIPIENTS = 100;

function userRef(user: Pick<UserRow, "id" | "email">): { user_id: number; email: string } {
  return { user_id: user.id, email: user.email };
}

/** The recipients of a direct-message typing notification, by ids or (old clients) emails. */
async function resolveRecipients(
  ctx: AppContext,
  to: readonly (number | string)[],
): Promise<UserRow[]> {
  if (to.length === 0) throw badRequest("Empty 'to' list");
  if (to.length > MAX_TYPING_RECIPIENTS) throw badRequest("Too many recipients");
  return findRecipientUsers(ctx.db, to);
}

async function sendDirectTyping(
  ctx: AppContext,
  sender: UserRow,
  op: TypingOp,
  to: readonly (number | string)[],
): Promise<void> {
  const recipients = await resolveRecipients(ctx, to);
  const everyone = new Map(recipients.map((u) => [u.id, u]));
  everyone.set(sender.id, sender);
  const event: EventWithoutId<"typing"> = {
    type: "typing",
    op,
    message_type: "direct",
    sender: userRef(sender),
    recipients: [...everyone.values()].map(userRef),
  };
  // Zulip also notifies the sender's own queues; we don't (the sender knows it is typing).
  const notified = [...everyone.values()].filter((u) => u.is_active && u.id !== sender.id);
  ctx.queues.publish(
    notified.map((u) => u.id),
    () => event,
  );
}

async function sendStreamTyping(
  ctx: AppContext,
  sender: UserRow,
  op: TypingOp,
  streamId: number | undefined,
  rawTopic: string | undefined,
): Promise<void> {
  if (streamId === undefined) throw badRequest("Missing stream_id");
  if (rawTopic === undefined) throw badRequest("Missing topic");
  const stream = await findStreamById(ctx.db, streamId);
  const mayPost =
    stream !== undefined &&
    ((!stream.invite_only && sender.role !== ROLE.guest) ||
      (await isSubscribed(ctx.db, sender.id, stream.id)));
  if (!stream || !mayPost) throw badRequest("Invalid stream ID");
  const topic = checkTopic(rawTopic);
  const event: EventWithoutId<"typing"> = {
    type: "typing",
    op,
    message_type: "stream",
    sender: userRef(sender),
    stream_id: stream.id,
    topic,
  };
  const receivers = (await subscriberIds(ctx.db, stream.id)).filter((id) => id !== sender.id);
  ctx.queues.publish(receivers, (queue) =>
    queue.options.capabilities[CAPABILITY_STREAM_TYPING] === true ? event : null,
  );
}

/**
 * Publishes a `typing` start/stop notification. Direct: to the active recipients' queues (not
 * the sender's), with the sender in `recipients`. Stream: to the other subscribers' queues that
 * have the `stream_typing_notifications` capability; the sender must be able to post there.
 * Nothing is stored.
 */
export async function sendTyping(
  ctx: AppContext,
  sender: UserRow,
  op: TypingOp,
  target: TypingTarget,
): Promise<void> {
  if (target.kind === "direct") await sendDirectTyping(ctx, sender, op, target.to);
  else await sendStreamTyping(ctx, sender, op, target.streamId, target.topic);
}

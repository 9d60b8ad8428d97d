import { unixSeconds } from "../clock";
import type { AppContext } from "../context";
import { FLAG_BITS, flagNames } from "../db/flags";
import {
  groupRecipientId,
  insertMessage,
  MESSAGE_SELECT,
  personalRecipientId,
  type MessageRecord,
} from "../db/messages";
import {
  findStreamByName,
  findStreamById,
  isSubscribed,
  subscriberIds,
  type StreamRow,
} from "../db/streams";
import { findUserByEmail, findUserById, ROLE, type UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import { messageMatchesQueueNarrow } from "../events/narrow-filter";
import { displayRecipients } from "../format/display-recipient";
import { formatMessage } from "../format/message";
import { ApiError, badRequest, streamDoesNotExist } from "../http/errors";
import { renderMarkdown } from "../../src/markdown/render";
import { checkContent, checkTopic } from "./validate";

export type MessageTarget =
  | { kind: "stream"; stream: string | number; topic: string | undefined }
  | { kind: "direct"; recipients: readonly (string | number)[] };

export interface SendMessageRequest {
  target: MessageTarget;
  content: string;
  /** Name of the sending client (`client` parameter or the User-Agent's product). */
  client: string;
  /** Whether the sender's copy starts read; by default only for the web clients, as in Zulip. */
  readBySender: boolean | undefined;
  queueId: string | undefined;
  localId: string | undefined;
  /** Only the demo seed sets this, to spread its history over months. */
  dateSent?: number;
}

const CLIENTS_READ_BY_SENDER = new Set([
  "website",
  "parley",
  "zulipmobile",
  "zulipflutter",
  "zulipelectron",
]);

/** May `user` post to `stream`? Public streams take anyone but guests; private ones need a subscription. */
async function checkCanPost(ctx: AppContext, user: UserRow, stream: StreamRow): Promise<void> {
  if (!stream.invite_only && user.role !== ROLE.guest) return;
  if (await isSubscribed(ctx.db, user.id, stream.id)) return;
  throw badRequest(`Not authorized to send to stream '${stream.name}'`);
}

async function resolveStream(ctx: AppContext, stream: string | number): Promise<StreamRow> {
  const row =
    typeof stream === "number"
      ? await findStreamById(ctx.db, stream)
      : await findStreamByName(ctx.db, stream);
  if (row) return row;
  if (typeof stream === "number") {
    throw new ApiError(`Stream with ID '${stream}' does not exist`, {
      code: "STREAM_DOES_NOT_EXIST",
      extra: { stream_id: stream },
    });
  }
  throw streamDoesNotExist(stream);
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
  const users: UserRow[] = [];
  for (const recipient of recipients) {
    const user =
      typeof recipient === "number"
        ? await findUserById(ctx.db, recipient)
        : await findUserByEmail(ctx.db, recipient.trim());
    if (!user?.is_active) {
      throw badRequest(
        typeof recipient === "number"
          ? `Invalid user ID ${recipient}`
          : `Invalid email '${recipient}'`,
      );
    }
    users.push(user);
  }
  return users;
}

interface Delivery {
  recipientId: number;
  streamId: number | null;
  topic: string;
  receiverIds: number[];
  /** Public stream messages also go to `all_public_streams` queues. */
  isPublicStream: boolean;
  /** Direct-message groups get their recipient row inside the transaction. */
  groupUserIds: number[] | undefined;
}

async function planDelivery(
  ctx: AppContext,
  sender: UserRow,
  target: MessageTarget,
): Promise<Delivery> {
  if (target.kind === "stream") {
    const stream = await resolveStream(ctx, target.stream);
    const topic = checkTopic(target.topic);
    await checkCanPost(ctx, sender, stream);
    const receivers = new Set(await subscriberIds(ctx.db, stream.id));
    receivers.add(sender.id);
    return {
      recipientId: stream.recipient_id,
      streamId: stream.id,
      topic,
      receiverIds: [...receivers],
      isPublicStream: !stream.invite_only,
      groupUserIds: undefined,
    };
  }
  const others = await resolveRecipients(ctx, target.recipients);
  const participants = [...new Set([sender.id, ...others.map((u) => u.id)])].sort((a, b) => a - b);
  const base = { streamId: null, topic: "", receiverIds: participants, isPublicStream: false };
  if (participants.length <= 2) {
    const receiver = participants.find((id) => id !== sender.id) ?? sender.id;
    return {
      ...base,
      recipientId: await personalRecipientId(ctx.db, receiver),
      groupUserIds: undefined,
    };
  }
  return { ...base, recipientId: 0, groupUserIds: participants };
}

/**
 * Sends a stream or direct message: checks the target and the limits, stores the message and
 * one row per receiver in one transaction, then publishes a `message` event to every queue of
 * every receiver (the sender's queue named by `queueId` also gets `local_message_id`).
 */
export async function sendMessage(
  ctx: AppContext,
  sender: UserRow,
  request: SendMessageRequest,
): Promise<number> {
  const content = checkContent(request.content);
  const delivery = await planDelivery(ctx, sender, request.target);
  const readBySender =
    request.readBySender ?? CLIENTS_READ_BY_SENDER.has(request.client.toLowerCase());
  const flagsFor = (userId: number): number =>
    userId === sender.id && readBySender ? FLAG_BITS.read : 0;
  const dateSent = request.dateSent ?? unixSeconds(ctx.clock);

  const messageId = await ctx.db.transaction(async (tx) => {
    const recipientId = delivery.groupUserIds
      ? await groupRecipientId(tx, delivery.groupUserIds, true)
      : delivery.recipientId;
    if (recipientId === undefined) throw new Error("direct-message group was not created");
    return insertMessage(
      tx,
      {
        senderId: sender.id,
        recipientId,
        streamId: delivery.streamId,
        subject: delivery.topic,
        content,
        renderedContent: renderMarkdown(content),
        dateSent,
        sendingClient: request.client,
      },
      delivery.receiverIds.map((userId) => ({ userId, flags: flagsFor(userId) })),
    );
  });

  await publishNewMessage(ctx, messageId, delivery, flagsFor, request);
  return messageId;
}

async function publishNewMessage(
  ctx: AppContext,
  messageId: number,
  delivery: Delivery,
  flagsFor: (userId: number) => number,
  request: SendMessageRequest,
): Promise<void> {
  const [record] = await ctx.db.query<MessageRecord>(
    `${MESSAGE_SELECT} LEFT JOIN user_messages um ON false WHERE m.id = $1`,
    [messageId],
  );
  if (!record) return;
  const recipient = (await displayRecipients(ctx.db, [record])).get(messageId) ?? "";
  const build = (queue: EventQueue, flags: number | null) => {
    const viewRecord = { ...record, flags };
    if (!messageMatchesQueueNarrow(queue.options.narrow, viewRecord)) return null;
    const message = formatMessage(viewRecord, recipient, {
      applyMarkdown: queue.options.applyMarkdown,
      realmStringId: ctx.realm.stringId,
    });
    const isSendersQueue = request.queueId !== undefined && queue.id === request.queueId;
    return {
      type: "message",
      message,
      flags: flags === null ? [] : flagNames(flags),
      ...(isSendersQueue && request.localId !== undefined
        ? { local_message_id: request.localId }
        : {}),
    };
  };
  const receivers = new Set(delivery.receiverIds);
  ctx.queues.publish(receivers, (queue) => build(queue, flagsFor(queue.userId)));
  if (delivery.isPublicStream) {
    ctx.queues.publishWhere(
      (queue) => queue.options.allPublicStreams && !receivers.has(queue.userId),
      (queue) => build(queue, null),
    );
  }
}

import { unixSeconds } from "../clock";
import type { AppContext } from "../context";
import { FLAG_BITS, flagNames } from "../db/flags";
import {
  ensureGroupRecipient,
  findGroupRecipient,
  insertMessage,
  personalRecipientId,
  type MessageRecord,
  type NewMessage,
} from "../db/messages";
import {
  findStreamByName,
  findStreamById,
  isSubscribed,
  subscriberIds,
  type StreamRow,
} from "../db/streams";
import { ROLE, type UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import { messageMatchesQueueNarrow } from "../events/narrow-filter";
import { formatMessage, shortName, type RecipientUser } from "../format/message";
import { ApiError, badRequest, streamDoesNotExist } from "../http/errors";
import { renderMessage, type RenderResult } from "../../src/markdown/render";
import { storedMemberIds } from "../db/user-groups";
import { findRecipientUsers } from "./recipients";
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
  return findRecipientUsers(ctx.db, recipients);
}

interface Delivery {
  stream: StreamRow | null;
  topic: string;
  receiverIds: number[];
  /** Zulip's recipient: 1 a user, 2 a stream, 3 a direct-message group (created when sending). */
  recipientType: 1 | 2 | 3;
  /** The recipient row and its type id; undefined for a group not created yet. */
  recipient: { id: number; typeId: number } | undefined;
  participants: UserRow[];
}

async function planStreamDelivery(
  ctx: AppContext,
  sender: UserRow,
  target: Extract<MessageTarget, { kind: "stream" }>,
): Promise<Delivery> {
  const stream = await resolveStream(ctx, target.stream);
  const topic = checkTopic(target.topic);
  await checkCanPost(ctx, sender, stream);
  const receivers = new Set(await subscriberIds(ctx.db, stream.id));
  receivers.add(sender.id);
  return {
    stream,
    topic,
    receiverIds: [...receivers],
    recipientType: 2,
    recipient: { id: stream.recipient_id, typeId: stream.id },
    participants: [],
  };
}

async function planDelivery(
  ctx: AppContext,
  sender: UserRow,
  target: MessageTarget,
): Promise<Delivery> {
  if (target.kind === "stream") return planStreamDelivery(ctx, sender, target);
  const others = await resolveRecipients(ctx, target.recipients);
  const byId = new Map([sender, ...others].map((user) => [user.id, user]));
  const participants = [...byId.values()].sort((a, b) => a.id - b.id);
  const receiverIds = participants.map((user) => user.id);
  const base = { stream: null, topic: "", receiverIds, participants };
  if (participants.length <= 2) {
    const receiver = receiverIds.find((id) => id !== sender.id) ?? sender.id;
    const recipientId = await personalRecipientId(ctx.db, receiver);
    return { ...base, recipientType: 1, recipient: { id: recipientId, typeId: receiver } };
  }
  const group = await findGroupRecipient(ctx.db, receiverIds);
  const recipient = group ? { id: group.recipientId, typeId: group.groupId } : undefined;
  return { ...base, recipientType: 3, recipient };
}

/**
 * Sends a stream or direct message: checks the target and the limits, stores the message and
 * one row per receiver atomically (one statement; a transaction when a direct-message group is
 * created), then publishes a `message` event to every queue of every receiver (the sender's
 * queue named by `queueId` also gets `local_message_id`). Nothing is read back: the event is
 * built from what was written.
 */
export async function sendMessage(
  ctx: AppContext,
  sender: UserRow,
  request: SendMessageRequest,
): Promise<number> {
  const content = checkContent(request.content);
  const delivery = await planDelivery(ctx, sender, request.target);
  const rendered = renderMessage(
    content,
    await ctx.renderContext.forSender(ctx.db, sender.id, content),
  );
  const mentioned = await mentionedUserIds(ctx, rendered);
  const readBySender =
    request.readBySender ?? CLIENTS_READ_BY_SENDER.has(request.client.toLowerCase());
  const flagsFor = (userId: number): number => {
    let flags = userId === sender.id && readBySender ? FLAG_BITS.read : 0;
    if (mentioned.has(userId)) flags |= FLAG_BITS.mentioned;
    if (rendered.hasWildcardMention && userId !== sender.id) flags |= FLAG_BITS.wildcard_mentioned;
    return flags;
  };
  const message: NewMessage = {
    senderId: sender.id,
    recipientId: delivery.recipient?.id ?? 0,
    streamId: delivery.stream?.id ?? null,
    subject: delivery.topic,
    content,
    renderedContent: rendered.html,
    dateSent: request.dateSent ?? unixSeconds(ctx.clock),
    sendingClient: request.client,
  };
  const receivers = delivery.receiverIds.map((userId) => ({ userId, flags: flagsFor(userId) }));
  const isFirstInStream = delivery.stream !== null && delivery.stream.first_message_id === null;
  if (!delivery.recipient) {
    const ids = delivery.receiverIds;
    const created = await ctx.db.transaction(async (tx) => {
      const group = await ensureGroupRecipient(tx, ids);
      const id = await insertMessage(tx, { ...message, recipientId: group.recipientId }, receivers);
      return { id, recipient: { id: group.recipientId, typeId: group.groupId } };
    });
    delivery.recipient = created.recipient;
    message.recipientId = created.recipient.id;
    await publishNewMessage(ctx, created.id, message, sender, delivery, flagsFor, request);
    return created.id;
  }
  const id = await insertMessage(ctx.db, message, receivers, isFirstInStream);
  await publishNewMessage(ctx, id, message, sender, delivery, flagsFor, request);
  return id;
}

/** Users a message mentions by name or through a group (Zulip sets their `mentioned` flag). */
async function mentionedUserIds(ctx: AppContext, rendered: RenderResult): Promise<Set<number>> {
  const ids = new Set(rendered.mentionedUserIds);
  for (const groupId of rendered.mentionedGroupIds) {
    for (const member of await storedMemberIds(ctx.db, groupId)) ids.add(member);
  }
  return ids;
}

async function publishNewMessage(
  ctx: AppContext,
  messageId: number,
  message: NewMessage,
  sender: UserRow,
  delivery: Delivery,
  flagsFor: (userId: number) => number,
  request: SendMessageRequest,
): Promise<void> {
  const topicLinks = await ctx.renderContext.topicLinker(ctx.db);
  const record: MessageRecord = {
    id: messageId,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    recipient_id: message.recipientId,
    recipient_type: delivery.recipientType,
    recipient_type_id: delivery.recipient?.typeId ?? 0,
    stream_id: message.streamId,
    stream_name: delivery.stream?.name ?? null,
    subject: message.subject,
    content: message.content,
    rendered_content: message.renderedContent,
    date_sent: message.dateSent,
    sending_client: message.sendingClient,
    last_edit_time: null,
    flags: null,
  };
  const recipient = delivery.stream
    ? delivery.stream.name
    : delivery.participants.map(recipientUser);
  const build = (queue: EventQueue, flags: number | null) => {
    const viewRecord = { ...record, flags };
    if (!messageMatchesQueueNarrow(queue.options.narrow, viewRecord)) return null;
    // Zulip's event carries the flags beside the message, not inside it.
    const { flags: _flags, ...formatted } = formatMessage(viewRecord, recipient, {
      applyMarkdown: queue.options.applyMarkdown,
      realmStringId: ctx.realm.stringId,
      topicLinks,
    });
    const isSendersQueue = request.queueId !== undefined && queue.id === request.queueId;
    return {
      type: "message",
      message: formatted,
      flags: flags === null ? [] : flagNames(flags),
      ...(isSendersQueue && request.localId !== undefined
        ? { local_message_id: request.localId }
        : {}),
    };
  };
  const receivers = new Set(delivery.receiverIds);
  ctx.queues.publish(receivers, (queue) => build(queue, flagsFor(queue.userId)));
  if (delivery.stream && !delivery.stream.invite_only) {
    ctx.queues.publishWhere(
      (queue) => queue.options.allPublicStreams && !receivers.has(queue.userId),
      (queue) => build(queue, null),
    );
  }
}

function recipientUser(user: UserRow): RecipientUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    short_name: shortName(user.email),
    is_mirror_dummy: false,
  };
}

import type { EventWithoutId } from "../../common/wire/events";
import type { Message } from "../../common/wire/message";
import type { AppContext } from "../context";
import { flagNames } from "../db/flags";
import type { MessageRecord, NewMessage } from "../db/messages";
import type { UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import type { Delivery } from "../events/queue-registry";
import { messageMatchesQueueNarrow } from "../events/narrow-filter";
import { displayRecipientUser } from "../format/display-recipient";
import { formatMessage } from "../format/message";
import type { Delivery as Plan } from "./send-plan";

/** A message just written, with what its `message` events need. */
export interface SentMessage {
  id: number;
  message: NewMessage;
  sender: UserRow;
  delivery: Plan;
  flagsFor: (userId: number) => number;
  /** The sending client's queue and local id: that queue's event carries `local_message_id`. */
  queueId: string | undefined;
  localId: string | undefined;
}

function recordOf(sent: SentMessage): MessageRecord {
  const { message, delivery, sender } = sent;
  return {
    id: sent.id,
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
}

/**
 * Prepares the delivery of the `message` event of a message just written: the returned
 * function publishes it to every queue of every receiver (and, for a public stream, to
 * `all_public_streams` queues), built from what was written: nothing is read back. It does no
 * I/O, so it can run later, in its turn (`QueueRegistry.defer`). The message object is
 * formatted once per `apply_markdown` setting and shared by the queues (events are never
 * mutated once published).
 */
export async function newMessageDelivery(ctx: AppContext, sent: SentMessage): Promise<Delivery> {
  const topicLinks = await ctx.renderContext.topicLinker(ctx.db);
  const record = recordOf(sent);
  const { delivery } = sent;
  const recipient = delivery.stream
    ? delivery.stream.name
    : delivery.participants.map(displayRecipientUser);
  const formatted = new Map<boolean, Message>();
  const format = (applyMarkdown: boolean): Message => {
    let message = formatted.get(applyMarkdown);
    if (!message) {
      // Zulip's event carries the flags beside the message, not inside it.
      const { flags: _flags, ...rest } = formatMessage(record, recipient, {
        applyMarkdown,
        realmStringId: ctx.realm.stringId,
        topicLinks,
      });
      message = rest;
      formatted.set(applyMarkdown, message);
    }
    return message;
  };
  const build = (queue: EventQueue, flags: number | null): EventWithoutId<"message"> | null => {
    const { narrow } = queue.options;
    if (narrow.length > 0 && !messageMatchesQueueNarrow(narrow, { ...record, flags })) return null;
    const isSendersQueue = sent.queueId !== undefined && queue.id === sent.queueId;
    return {
      type: "message",
      message: format(queue.options.applyMarkdown),
      flags: flags === null ? [] : flagNames(flags),
      ...(isSendersQueue && sent.localId !== undefined ? { local_message_id: sent.localId } : {}),
    };
  };
  const receivers = new Set(delivery.receiverIds);
  return () => {
    ctx.queues.publish(receivers, (queue) => build(queue, sent.flagsFor(queue.userId)));
    if (delivery.stream && !delivery.stream.invite_only) {
      ctx.queues.publishWhere(
        (queue) => queue.options.allPublicStreams && !receivers.has(queue.userId),
        (queue) => build(queue, null),
      );
    }
  };
}

import { createHash } from "node:crypto";
import { unixSeconds } from "../clock";
import type { AppContext } from "../context";
import { FLAG_BITS } from "../db/flags";
import type { NewMessage } from "../db/messages";
import type { UserRow } from "../db/users";
import { renderMessage, type RenderResult } from "../../common/markdown/render";
import { storedMemberIds } from "../db/user-groups";
import { commitSend } from "./send-batch";
import { planDelivery, type MessageTarget } from "./send-plan";
import { checkContent } from "./validate";

export type { MessageTarget } from "./send-plan";

export interface SendMessageRequest {
  target: MessageTarget;
  content: string;
  /** Name of the sending client (`client` parameter or the User-Agent's product). */
  client: string;
  /** Whether the sender's copy starts read; by default only for the web clients, as in Zulip. */
  readBySender: boolean | undefined;
  queueId: string | undefined;
  /**
   * The client's id for this send: echoed as `local_message_id` in the event of the sender's
   * queue `queueId`, and the key of deduplication (see `sendMessage`).
   */
  localId: string | undefined;
  /**
   * The organisation's URL as the client addressed it (`realmUrl` of http/realm-url.ts): links
   * into it render relative, as Zulip's do. Messages sent by the server itself go without.
   */
  realmUrl?: string;
  /** Only the demo seed sets this, to spread its history over months. */
  dateSent?: number;
  /**
   * A message of the server's own (Notification Bot): it may go to any stream, and starts read
   * for `readFor` (Zulip's `mark_as_read_for_acting_user`).
   */
  internal?: { readFor: number };
}

const CLIENTS_READ_BY_SENDER = new Set([
  "website",
  "parley",
  "zulipmobile",
  "zulipflutter",
  "zulipelectron",
]);

/** Users a message mentions by name or through a group (Zulip sets their `mentioned` flag). */
async function mentionedUserIds(ctx: AppContext, rendered: RenderResult): Promise<Set<number>> {
  const ids = new Set(rendered.mentionedUserIds);
  for (const groupId of rendered.mentionedGroupIds) {
    for (const member of await storedMemberIds(ctx.db, groupId)) ids.add(member);
  }
  return ids;
}

/**
 * The deduplication key of a send with a local id: the local id digested together with the
 * target and the content, so that only a true resend matches (Zulip's own clients number their
 * local ids per session, so two different messages may share one).
 */
function localKeyOf(request: SendMessageRequest, content: string): string | undefined {
  if (request.localId === undefined) return undefined;
  const digest = createHash("sha256");
  digest.update(JSON.stringify([request.localId, request.target, content]));
  return digest.digest("base64url");
}

/**
 * Sends a stream or direct message: checks the content, the target and the sender's right to
 * post there (stream and subscribers from the stream cache), renders it, then hands it to the
 * group committer (`send-batch.ts`), which stores it with one row per receiver atomically,
 * together with the other sends waiting at that moment. Resolves to the message id once
 * committed; the `message` event to every queue of every receiver (the sender's queue `queueId`
 * also gets `local_message_id`) follows, in its turn (`QueueRegistry.defer`).
 *
 * Deduplication (Parley's extension beyond Zulip): a send with a `localId` whose sender sent
 * the same request (target and content) with the same `localId` in the last 10 minutes is not
 * stored again and publishes nothing: it resolves to the first message's id. This survives a
 * restart (the keys are stored), and concurrent duplicates resolve to one message. Sends
 * without a `localId`, or from another sender, are never deduplicated.
 */
export async function sendMessage(
  ctx: AppContext,
  sender: UserRow,
  request: SendMessageRequest,
): Promise<number> {
  const content = checkContent(request.content);
  const delivery = await planDelivery(ctx, sender, request.target, request.internal !== undefined);
  const rendered = renderMessage(
    content,
    await ctx.renderContext.forSender(ctx.db, sender.id, content, request.realmUrl),
  );
  const mentioned = await mentionedUserIds(ctx, rendered);
  const readBySender =
    request.readBySender ?? CLIENTS_READ_BY_SENDER.has(request.client.toLowerCase());
  const flagsFor = (userId: number): number => {
    let flags =
      (userId === sender.id && readBySender) || userId === request.internal?.readFor
        ? FLAG_BITS.read
        : 0;
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
  return commitSend({
    ctx,
    sender,
    target: request.target,
    delivery,
    message,
    flagsFor,
    localKey: localKeyOf(request, content),
    queueId: request.queueId,
    localId: request.localId,
    internal: request.internal !== undefined,
  });
}

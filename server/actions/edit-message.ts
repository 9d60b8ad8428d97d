import { unixSeconds } from "../clock";
import { claimAttachments, mayLinkUploads, publishAttachments } from "./attachments";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import {
  currentReceivers,
  insertMessageEdits,
  lockStreamForTopicEdits,
  lockTopicMessages,
  receivedTopicMessageIds,
  setLastEditTime,
  updateMessageContent,
  updateMessagesTopic,
  type ContentChange,
  type TopicMessageRow,
} from "../db/message-edits";
import type { MessageRecord } from "../db/messages";
import { findStreamById } from "../db/streams";
import { messagesRewritten } from "../db/topic-cache";
import { ROLE, type UserRow } from "../db/users";
import { ApiError, badRequest } from "../http/errors";
import { EMPTY_RENDER_CONTEXT, renderMarkdown } from "../../common/markdown/render";
import { publishMessageUpdate, type MessageUpdate } from "./edit-message-event";
import { accessMessageRecord } from "./message-access";
import { publishFirstMessageIds, updateFirstMessageIds } from "./first-message-id";
import { checkStreamMove, moveToStream, publishLostAccess } from "./move-messages";
import { moveTopicPolicies, publishTopicPolicyMoves } from "./user-topics";
import { sendMoveNotifications } from "./move-notifications";
import { checkContent, checkTopic } from "./validate";

/** Which messages a topic edit renames: the one, it and the later ones of its topic, or the topic. */
export const PROPAGATE_MODES = ["change_one", "change_later", "change_all"] as const;
export type PropagateMode = (typeof PROPAGATE_MODES)[number];

/** `realm_message_content_edit_limit_seconds`, as `/register` tells clients. */
export const MESSAGE_CONTENT_EDIT_LIMIT_SECONDS = 600;
/** Zulip's default `move_messages_within_stream_limit_seconds`: a week. */
export const TOPIC_EDIT_LIMIT_SECONDS = 604_800;
/** Zulip allows 20 s past either limit (the web app's 15 s margin plus the network). */
const EDIT_LIMIT_BUFFER_SECONDS = 20;

/** A `PATCH /messages/{id}` as parsed by the route; the action checks everything else. */
export interface EditMessageRequest {
  messageId: number;
  /** New Markdown source; undefined leaves the content alone. */
  content: string | undefined;
  /** New topic (`topic` or its alias `subject`); undefined leaves the topic alone. */
  topic: string | undefined;
  /** The stream to move to; the message's own stream counts as no move. */
  streamId: number | undefined;
  propagateMode: PropagateMode;
  /** Whether the Notification Bot tells the old and the new place of a move (Zulip's defaults: no, yes). */
  sendNotificationToOldThread: boolean;
  sendNotificationToNewThread: boolean;
  /** The organisation's URL as the client addressed it: links into it render relative. */
  realmUrl?: string;
}

interface PlannedEdit {
  content: ContentChange | undefined;
  topic: string | undefined;
  /** The stream to move to, if it differs from the message's. */
  streamId: number | undefined;
}

const noPermission = () => badRequest("You don't have permission to edit this message");

/** Zulip's `validate_user_can_edit_message`: content is the sender's, for a limited time. */
function checkCanEditContent(message: MessageRecord, editor: UserRow, now: number): void {
  if (message.sender_id !== editor.id) throw noPermission();
  // As in Zulip 9, administrators are held to the limit too: content is the sender's words.
  const limit = MESSAGE_CONTENT_EDIT_LIMIT_SECONDS + EDIT_LIMIT_BUFFER_SECONDS;
  if (now - message.date_sent > limit) {
    throw badRequest("The time limit for editing this message has passed");
  }
}

/** Topics are edited by anyone who sees the message except guests; members within a week. */
function checkCanEditTopic(message: MessageRecord, editor: UserRow, now: number): void {
  if (editor.role === ROLE.guest) throw noPermission();
  const limit = TOPIC_EDIT_LIMIT_SECONDS + EDIT_LIMIT_BUFFER_SECONDS;
  if (editor.role > ROLE.moderator && now - message.date_sent > limit) {
    throw badRequest("The time limit for editing this message's topic has passed.");
  }
}

/** Zulip's `validate_message_edit_payload`; returns the checked new topic, if any. */
function checkPayload(
  message: MessageRecord,
  request: EditMessageRequest,
  topic: string | undefined,
): string | undefined {
  const { content, streamId, propagateMode } = request;
  if (topic === undefined && content === undefined && streamId === undefined) {
    throw badRequest("Nothing to change");
  }
  if (message.stream_id === null) {
    if (streamId !== undefined) throw badRequest("Direct messages cannot be moved to streams.");
    if (topic !== undefined) throw badRequest("Direct messages cannot have topics.");
  }
  if (propagateMode !== "change_one" && topic === undefined && streamId === undefined) {
    throw badRequest("Invalid propagate_mode without topic edit");
  }
  const checked = topic === undefined ? undefined : checkTopic(topic);
  if (streamId !== undefined && content !== undefined) {
    throw badRequest("Cannot change message content while changing stream");
  }
  return checked;
}

/**
 * The checked new content, or undefined when it equals the current one. Zulip stores an edit
 * to empty content as "(deleted)"; we refuse it as we refuse sending an empty message.
 */
function contentChange(
  message: MessageRecord,
  raw: string,
  render: (content: string) => string,
): ContentChange | undefined {
  const content = checkContent(raw);
  if (content === message.content) return undefined;
  return {
    prev: message.content,
    next: content,
    prevRendered: message.rendered_content,
    nextRendered: render(content),
  };
}

/** Every check of Zulip's `check_update_message`, in its order, before anything is written. */
function planEdit(
  message: MessageRecord,
  editor: UserRow,
  request: EditMessageRequest,
  now: number,
  render: (content: string) => string,
): PlannedEdit {
  if (request.content !== undefined) checkCanEditContent(message, editor, now);
  const trimmed = request.topic?.trim();
  const streamId = request.streamId === message.stream_id ? undefined : request.streamId;
  const topic = checkPayload(
    message,
    { ...request, streamId },
    trimmed === message.subject ? undefined : trimmed,
  );
  if (topic !== undefined) checkCanEditTopic(message, editor, now);
  const content =
    request.content === undefined ? undefined : contentChange(message, request.content, render);
  if (content === undefined && topic === undefined && streamId === undefined) {
    throw badRequest("Nothing to change");
  }
  return { content, topic, streamId };
}

/**
 * `change_all` by a member: every message of the topic they can see must be within the topic
 * edit limit, else Zulip's MOVE_MESSAGES_TIME_LIMIT_EXCEEDED tells how many they may move.
 */
async function checkMoveTimeLimit(
  tx: Queryable,
  editor: UserRow,
  message: MessageRecord,
  topicMessages: readonly TopicMessageRow[],
  now: number,
): Promise<void> {
  const streamId = message.stream_id ?? 0;
  const stream = await findStreamById(tx, streamId);
  let visible = topicMessages;
  if (stream?.invite_only && !stream.history_public_to_subscribers) {
    const received = new Set(
      await receivedTopicMessageIds(tx, editor.id, streamId, message.subject),
    );
    visible = topicMessages.filter((row) => received.has(row.id));
  }
  const limit = TOPIC_EDIT_LIMIT_SECONDS + EDIT_LIMIT_BUFFER_SECONDS;
  const allowed = visible.filter((row) => now - row.date_sent <= limit);
  if (allowed.length === visible.length) return;
  throw new ApiError(
    `You only have permission to move the ${allowed.length}/${visible.length} most recent messages in this topic.`,
    {
      code: "MOVE_MESSAGES_TIME_LIMIT_EXCEEDED",
      extra: {
        first_message_id_allowed_to_move: allowed[0]?.id ?? null,
        total_messages_allowed_to_move: allowed.length,
        total_messages_in_topic: visible.length,
      },
    },
  );
}

/** The messages a topic edit renames: the one, the later ones of its topic, or the whole topic. */
async function messagesToMove(
  tx: Queryable,
  editor: UserRow,
  message: MessageRecord,
  mode: PropagateMode,
  now: number,
): Promise<TopicMessageRow[]> {
  const own = { id: message.id, subject: message.subject, date_sent: message.date_sent };
  if (mode === "change_one" || message.stream_id === null) return [own];
  const fromId = mode === "change_later" ? message.id : 0;
  const rows = await lockTopicMessages(tx, message.stream_id, message.subject, fromId);
  if (mode === "change_all" && editor.role > ROLE.moderator) {
    await checkMoveTimeLimit(tx, editor, message, rows, now);
  }
  return rows.some((row) => row.id === message.id) ? rows : [own, ...rows];
}

/** Whether an edit moves messages (to another topic or stream), rather than only editing one. */
function isMove(plan: PlannedEdit): boolean {
  return plan.topic !== undefined || plan.streamId !== undefined;
}

/** Writes the edit: the message(s), their edit time, and one history row per changed message. */
async function applyEdit(
  tx: Queryable,
  editor: UserRow,
  message: MessageRecord,
  plan: PlannedEdit,
  moved: readonly TopicMessageRow[],
  now: number,
): Promise<number[]> {
  const changedIds = isMove(plan) ? moved.map((row) => row.id) : [message.id];
  if (plan.content) {
    await updateMessageContent(tx, message.id, plan.content.next, plan.content.nextRendered);
  }
  if (plan.topic !== undefined) await updateMessagesTopic(tx, changedIds, plan.topic);
  await setLastEditTime(tx, changedIds, now);
  const previousTopics = new Map(moved.map((row) => [row.id, row.subject]));
  const newTopic = plan.topic;
  await insertMessageEdits(
    tx,
    changedIds.map((id) => ({
      messageId: id,
      userId: editor.id,
      editTime: now,
      content: id === message.id ? plan.content : undefined,
      topic:
        newTopic === undefined
          ? undefined
          : { prev: previousTopics.get(id) ?? message.subject, next: newTopic },
      stream:
        plan.streamId === undefined || message.stream_id === null
          ? undefined
          : { prev: message.stream_id, next: plan.streamId },
    })),
  );
  return changedIds;
}

/**
 * The message to edit, locked until the transaction ends so that concurrent edits apply one
 * after the other. A topic edit first takes its stream's lock: two moves of one topic would
 * otherwise each hold their own message while waiting for the other's, and deadlock.
 */
async function lockForEdit(
  tx: Queryable,
  editor: UserRow,
  request: EditMessageRequest,
): Promise<MessageRecord> {
  if (request.topic !== undefined || request.streamId !== undefined) {
    const seen = await accessMessageRecord(tx, editor, request.messageId);
    if (seen.stream_id !== null) await lockStreamForTopicEdits(tx, seen.stream_id);
  }
  return accessMessageRecord(tx, editor, request.messageId, { lock: true });
}

/**
 * Zulip's `check_attachment_reference_change`: after a content edit, the uploads linked now are
 * the message's (`claimAttachments`) and those no longer linked are not; returns those changed.
 */
async function claimEditedAttachments(
  tx: Queryable,
  editor: UserRow,
  messageId: number,
  content: ContentChange | undefined,
): Promise<number[]> {
  if (!content || !(mayLinkUploads(content.prev) || mayLinkUploads(content.next))) return [];
  return claimAttachments(tx, editor, messageId, content.next);
}

/**
 * `PATCH /messages/{id}`: edits a message's content and/or topic with Zulip's checks and error
 * messages (see `planEdit`). Everything is written in one transaction (content, topic of every
 * moved message, `last_edit_time`, and a `message_edits` row per changed message, from which
 * `getMessageHistory` rebuilds the snapshots); nothing is written when any check fails. Then
 * one `update_message` event goes to each user allowed to see it (see `publishMessageUpdate`).
 */
export async function editMessage(
  ctx: AppContext,
  editor: UserRow,
  request: EditMessageRequest,
): Promise<void> {
  const now = unixSeconds(ctx.clock);
  const context =
    request.content === undefined
      ? EMPTY_RENDER_CONTEXT
      : await ctx.renderContext.forSender(ctx.db, editor.id, request.content, request.realmUrl);
  const render = (content: string) => renderMarkdown(content, context);
  const result = await ctx.db.transaction(async (tx) => {
    const message = await lockForEdit(tx, editor, request);
    const plan = planEdit(message, editor, request, now, render);
    const target =
      plan.streamId === undefined
        ? undefined
        : await checkStreamMove(tx, editor, message, plan.streamId, now);
    const moved = isMove(plan)
      ? await messagesToMove(tx, editor, message, request.propagateMode, now)
      : [];
    const changedIds = await applyEdit(tx, editor, message, plan, moved, now);
    const claimed = await claimEditedAttachments(tx, editor, message.id, plan.content);
    const stream =
      message.stream_id === null ? undefined : await findStreamById(tx, message.stream_id);
    const streamMove =
      stream && target ? await moveToStream(tx, message, stream, target, changedIds) : undefined;
    const receivers =
      streamMove?.receivers ??
      (await currentReceivers(
        tx,
        changedIds,
        stream ? { id: stream.id, inviteOnly: stream.invite_only } : null,
      ));
    const firsts = stream && target ? await updateFirstMessageIds(tx, [stream.id, target.id]) : [];
    // A whole topic moved takes every user's mute or follow of it along, as Zulip's.
    const policyMoves =
      stream && request.propagateMode === "change_all" && (plan.topic !== undefined || target)
        ? await moveTopicPolicies(
            tx,
            {
              fromStreamId: stream.id,
              fromTopic: message.subject,
              toStreamId: (target ?? stream).id,
              toTopic: plan.topic ?? message.subject,
            },
            now,
          )
        : [];
    const update: MessageUpdate = {
      editor,
      message,
      content: plan.content,
      topic: plan.topic,
      newStreamId: target?.id,
      propagateMode: request.propagateMode,
      receivers,
      editTime: now,
    };
    return { update, stream, target, changedIds, streamMove, firsts, claimed, policyMoves };
  });
  const { update, stream, target, changedIds, streamMove, firsts, claimed } = result;
  if (update.topic !== undefined || target) messagesRewritten(ctx.db);
  publishMessageUpdate(ctx, update);
  publishTopicPolicyMoves(ctx, result.policyMoves);
  await publishAttachments(ctx, "update", claimed);
  if (stream && streamMove) {
    publishLostAccess(ctx, streamMove.losingAccess, stream, update.message.subject, changedIds);
  }
  publishFirstMessageIds(ctx, firsts);
  if (stream && (update.topic !== undefined || target)) {
    await sendMoveNotifications(ctx, {
      actor: editor,
      from: stream,
      to: target ?? stream,
      origTopic: update.message.subject,
      newTopic: update.topic ?? update.message.subject,
      topicEdited: update.topic !== undefined,
      streamEdited: target !== undefined,
      propagateMode: request.propagateMode,
      changedIds,
      editedId: update.message.id,
      notifyOld: request.sendNotificationToOldThread,
      notifyNew: request.sendNotificationToNewThread,
    });
  }
}

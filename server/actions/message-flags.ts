import type { UnreadMessageDetail } from "../../common/wire/message-events";
import type { AppContext } from "../context";
import { FLAG_BITS, isFlagName, type FlagName } from "../db/flags";
import type { MessageAccessRecord } from "../db/messages";
import { insertUserMessages, updateFlagBit } from "../db/user-messages";
import type { UserRow } from "../db/users";
import { badRequest } from "../http/errors";
import { findNarrowMessages, type Anchor } from "./get-messages";
import { accessMessages } from "./message-access";
import type { NarrowTerm } from "./narrow";

/** The flags a user may set or clear; the others are computed by the server. */
const EDITABLE_FLAGS: ReadonlySet<FlagName> = new Set(["read", "starred", "collapsed"]);

/** What a message with no row for the user reads as (Zulip's `DEFAULT_HISTORICAL_FLAGS`). */
const HISTORICAL_FLAGS = FLAG_BITS.read | FLAG_BITS.historical;

type FlagOperation = "add" | "remove";

export interface UpdateFlagsRequest {
  messages: readonly number[];
  op: string;
  flag: string;
}

/** Zulip's checks, in Zulip's order: the flag, then whether it is editable, then the operation. */
function checkRequest(request: UpdateFlagsRequest): { flag: FlagName; op: FlagOperation } {
  const { flag, op } = request;
  if (!isFlagName(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (!EDITABLE_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  if (op !== "add" && op !== "remove") {
    throw badRequest(`Invalid message flag operation: '${op}'`);
  }
  return { flag, op };
}

/** `message_details` of a mark-as-unread event: what a client needs to put the ids back. */
function unreadMessageDetails(
  userId: number,
  messages: readonly MessageAccessRecord[],
): Record<string, UnreadMessageDetail> {
  const details: Record<string, UnreadMessageDetail> = {};
  for (const message of messages) {
    const mentioned =
      message.flags !== null &&
      (message.flags & (FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned)) !== 0;
    const base = mentioned ? { mentioned: true } : {};
    if (message.stream_id !== null) {
      details[String(message.id)] = {
        type: "stream",
        stream_id: message.stream_id,
        topic: message.subject,
        ...base,
      };
    } else {
      // The other participants, without the user, sorted (empty for a message to oneself).
      const participants =
        message.recipient_type === 1
          ? [message.sender_id, message.recipient_type_id]
          : (message.user_ids_string ?? "").split(",").map(Number);
      const others = [...new Set(participants)].filter((id) => id !== userId);
      details[String(message.id)] = {
        type: "private",
        user_ids: others.sort((a, b) => a - b),
        ...base,
      };
    }
  }
  return details;
}

/**
 * `POST /messages/flags`: adds or removes an editable flag (`read`, `starred`, `collapsed`) on
 * messages the user may read. Every id must name such a message, else nothing changes and the
 * call fails with "Invalid message(s)". Messages the user may read but never received (shared
 * stream history) get a "historical" row when the change differs from how they read by default
 * (read, not starred). As in Zulip, marking unread skips messages in streams the user is not
 * subscribed to. Returns the ids whose flag actually changed and publishes one
 * `update_message_flags` event listing them to the user's own queues (none if nothing changed).
 */
export async function updateMessageFlags(
  ctx: AppContext,
  user: UserRow,
  request: UpdateFlagsRequest,
): Promise<number[]> {
  const { flag, op } = checkRequest(request);
  const bit = FLAG_BITS[flag];
  const adding = op === "add";
  const { changed, details } = await ctx.db.transaction(async (tx) => {
    let messages = await accessMessages(tx, user, request.messages, { ownRowSuffices: true });
    if (flag === "read" && !adding) {
      messages = messages.filter((m) => m.stream_id === null || m.is_subscribed);
    }
    const withRow = messages.filter((m) => m.flags !== null).map((m) => m.id);
    const updated = new Set(await updateFlagBit(tx, user.id, withRow, bit, adding));
    const defaultDiffers = ((HISTORICAL_FLAGS & bit) !== 0) !== adding;
    const historical = defaultDiffers ? messages.filter((m) => m.flags === null) : [];
    await insertUserMessages(
      tx,
      user.id,
      historical.map((m) => m.id),
      adding ? HISTORICAL_FLAGS | bit : HISTORICAL_FLAGS & ~bit,
    );
    for (const message of historical) updated.add(message.id);
    const changedMessages = messages.filter((m) => updated.has(m.id));
    return {
      changed: changedMessages.map((m) => m.id),
      details: flag === "read" && !adding ? unreadMessageDetails(user.id, changedMessages) : null,
    };
  });
  if (changed.length > 0) {
    ctx.queues.publish([user.id], () => ({
      type: "update_message_flags",
      op,
      operation: op,
      flag,
      messages: changed,
      all: false,
      ...(details ? { message_details: details } : {}),
    }));
  }
  return changed;
}

/** Zulip's `MAX_MESSAGES_PER_UPDATE`: how many messages one `flags/narrow` call may process. */
const MAX_MESSAGES_PER_UPDATE = 5000;

export interface UpdateFlagsForNarrowRequest {
  anchor: Anchor;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
  narrow: readonly NarrowTerm[];
  op: string;
  flag: string;
}

/**
 * `POST /messages/flags/narrow` (Zulip's `update_message_flags_for_narrow`): finds the messages
 * of the narrow around the anchor as `GET /messages` would, at most 5000 (`num_before` clamped
 * first so that at least half the budget goes to it when both sides ask for more), and changes
 * the flag on them as `POST /messages/flags` does, with its event. Reports how many were
 * processed and changed, the first and last processed ids, and whether the range reached the
 * narrow's ends, so a client can continue from there.
 */
export async function updateMessageFlagsForNarrow(
  ctx: AppContext,
  user: UserRow,
  request: UpdateFlagsForNarrowRequest,
) {
  const { op, flag } = request;
  checkRequest({ messages: [], op, flag });
  if (request.numBefore > 0 && request.numAfter > 0 && !request.includeAnchor) {
    throw badRequest("The anchor can only be excluded at an end of the range");
  }
  const numBefore = Math.min(
    request.numBefore,
    Math.max(MAX_MESSAGES_PER_UPDATE - request.numAfter, MAX_MESSAGES_PER_UPDATE / 2),
  );
  const numAfter = Math.min(request.numAfter, MAX_MESSAGES_PER_UPDATE - numBefore);
  const found = await findNarrowMessages(ctx, user, { ...request, numBefore, numAfter });
  const ids = found.records.map((record) => record.id);
  const changed =
    ids.length === 0 ? [] : await updateMessageFlags(ctx, user, { messages: ids, op, flag });
  return {
    processed_count: ids.length,
    updated_count: changed.length,
    first_processed_id: ids[0] ?? null,
    last_processed_id: ids.at(-1) ?? null,
    found_oldest: found.foundOldest,
    found_newest: found.foundNewest,
  };
}

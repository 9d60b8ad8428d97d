import type { ResponsePayload } from "../../common/wire/endpoints";
import { deleteMessage } from "../actions/delete-message";
import { markAllAsRead, markStreamAsRead, markTopicAsRead } from "../actions/mark-read";
import { invalidMessages } from "../actions/message-access";
import { updateMessageFlags } from "../actions/message-flags";
import { addReaction, removeReaction, type ReactionRequest } from "../actions/reactions";
import { isStorableId } from "../db/messages";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { ApiError, invalidArgument } from "../http/errors";
import type { Params } from "../http/params";

/** The `message_id` path parameter: digits only; an id no row can have is simply not found. */
function messageIdOf(call: AuthenticatedCall): number {
  const raw = call.path["message_id"] ?? "";
  if (!/^\d+$/.test(raw)) throw invalidArgument("message_id", raw);
  const id = Number(raw);
  if (!isStorableId(id)) throw invalidMessages();
  return id;
}

/** `messages`: a JSON list of integers, checked element by element as Zulip's validator does. */
function messageIdList(params: Params): number[] {
  const value = params.json("messages");
  if (!Array.isArray(value)) throw new ApiError("messages is not a list");
  const ids: number[] = [];
  for (const [index, item] of value.entries()) {
    if (typeof item !== "number" || !Number.isSafeInteger(item)) {
      throw new ApiError(`messages[${index}] is not an integer`);
    }
    ids.push(item);
  }
  return ids;
}

/**
 * POST /api/v1/messages/flags. The spec answers with the ids actually modified; Zulip echoes the
 * request's list instead. The spec wins.
 */
async function postFlags(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/flags", "POST">> {
  const { ctx, user, params } = call;
  const messages = messageIdList(params);
  const op = params.string("op");
  const flag = params.string("flag");
  return { messages: await updateMessageFlags(ctx, user, { messages, op, flag }) };
}

function reactionRequest(params: Params): ReactionRequest {
  return {
    emojiName: params.optionalString("emoji_name"),
    emojiCode: params.optionalString("emoji_code"),
    reactionType: params.optionalString("reaction_type"),
  };
}

/** POST /api/v1/messages/{message_id}/reactions */
async function postReaction(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/{message_id}/reactions", "POST">> {
  const id = messageIdOf(call);
  const emojiName = call.params.string("emoji_name");
  await addReaction(call.ctx, call.user, id, { ...reactionRequest(call.params), emojiName });
  return {};
}

/** DELETE /api/v1/messages/{message_id}/reactions */
async function deleteReactionCall(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/{message_id}/reactions", "DELETE">> {
  const id = messageIdOf(call);
  await removeReaction(call.ctx, call.user, id, reactionRequest(call.params));
  return {};
}

/** Flags, bulk read, deletion and reactions of messages. */
export const messageActionEndpoints: Endpoint[] = [
  userEndpoint("messages/flags", { POST: postFlags }),
  /** POST /api/v1/mark_all_as_read: Zulip 9's answer, `complete` (always true here). */
  userEndpoint("mark_all_as_read", {
    POST: async ({ ctx, user }) => {
      await markAllAsRead(ctx, user);
      return { complete: true };
    },
  }),
  /** POST /api/v1/mark_stream_as_read */
  userEndpoint("mark_stream_as_read", {
    POST: async ({ ctx, user, params }) => {
      await markStreamAsRead(ctx, user, params.int("stream_id"));
      return {};
    },
  }),
  /** POST /api/v1/mark_topic_as_read */
  userEndpoint("mark_topic_as_read", {
    POST: async ({ ctx, user, params }) => {
      const streamId = params.int("stream_id");
      await markTopicAsRead(ctx, user, streamId, params.string("topic_name"));
      return {};
    },
  }),
  /** DELETE /api/v1/messages/{message_id} (GET and PATCH live in message-edits.ts). */
  userEndpoint("messages/{message_id}", {
    DELETE: async (call) => {
      await deleteMessage(call.ctx, call.user, messageIdOf(call));
      return {};
    },
  }),
  userEndpoint("messages/{message_id}/reactions", {
    POST: postReaction,
    DELETE: deleteReactionCall,
  }),
];

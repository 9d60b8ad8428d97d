// Events about messages other than `message` itself (which lives in events.ts). Shapes are those
// of Parley's server (server/actions/*.ts) and Zulip 9's OpenAPI; both must parse.
import { z } from "zod";
import { normalizeUpdateMessageEventWire, topicLinkSchema } from "./message";

const id = z.number().int();
const ids = z.array(z.number().int());

/**
 * `update_message`: an edit, a move, or (rendering_only) a re-render. Content fields come only
 * with a content edit, as Markdown and HTML whatever the queue's `apply_markdown`; the topic
 * fields only with a move. `message_ids` lists every changed message and includes `message_id`.
 */
const updateMessageEventObjectSchema = z.looseObject({
  id,
  type: z.literal("update_message"),
  /** The editor; null for a rendering-only update. */
  user_id: id.nullable(),
  rendering_only: z.boolean(),
  message_id: id,
  message_ids: ids,
  /** The receiver's flags on `message_id` after the edit (a new mention shows here). */
  flags: z.array(z.string()),
  edit_timestamp: z.number().int(),
  stream_name: z.string().optional(),
  /** Where the messages were; present for every edit of a stream message. */
  stream_id: id.optional(),
  new_stream_id: id.optional(),
  propagate_mode: z.string().optional(),
  orig_subject: z.string().optional(),
  subject: z.string().optional(),
  topic_links: z.array(topicLinkSchema).optional(),
  orig_content: z.string().optional(),
  orig_rendered_content: z.string().optional(),
  content: z.string().optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
});
export const updateMessageEventSchema = z.preprocess(
  normalizeUpdateMessageEventWire,
  updateMessageEventObjectSchema,
);
export type UpdateMessageEvent = z.infer<typeof updateMessageEventObjectSchema>;

const deletedWhere = {
  message_type: z.enum(["stream", "private"]),
  /** Stream messages only. */
  stream_id: id.optional(),
  topic: z.string().optional(),
};

/**
 * `delete_message`: `message_ids` with the `bulk_message_deletion` capability, otherwise one
 * event per message with `message_id`.
 */
export const deleteMessageEventSchema = z.union([
  z.looseObject({
    id,
    type: z.literal("delete_message"),
    message_ids: ids,
    // Declared absent so that TypeScript can tell the two forms apart.
    message_id: z.undefined().optional(),
    ...deletedWhere,
  }),
  z.looseObject({
    id,
    type: z.literal("delete_message"),
    message_id: id,
    message_ids: z.undefined().optional(),
    ...deletedWhere,
  }),
]);
export type DeleteMessageEvent = z.infer<typeof deleteMessageEventSchema>;

/** The ids a `delete_message` event deletes, whichever of its two forms it has. */
export function deletedMessageIds(event: DeleteMessageEvent): readonly number[] {
  return event.message_ids === undefined ? [event.message_id] : event.message_ids;
}

/** Where a message marked unread lives, so unread counts can take it back without the message. */
const unreadMessageDetailSchema = z.looseObject({
  type: z.enum(["stream", "private"]),
  mentioned: z.boolean().optional(),
  stream_id: id.optional(),
  topic: z.string().optional(),
  /** The other participants, sorted; empty for a message to oneself. */
  user_ids: ids.optional(),
});
export type UnreadMessageDetail = z.infer<typeof unreadMessageDetailSchema>;

/**
 * `update_message_flags`: the ids whose flag changed. Mark-all-as-read is
 * `{op: "add", flag: "read", messages: [], all: true}`; removing `read` adds `message_details`.
 */
export const updateMessageFlagsEventSchema = z.looseObject({
  id,
  type: z.literal("update_message_flags"),
  op: z.enum(["add", "remove"]),
  flag: z.string(),
  messages: ids,
  all: z.boolean(),
  message_details: z.record(z.string(), unreadMessageDetailSchema).optional(),
});
export type UpdateMessageFlagsEvent = z.infer<typeof updateMessageFlagsEventSchema>;

/** `reaction`: one user's reaction added to or removed from a message. */
export const reactionEventSchema = z.looseObject({
  id,
  type: z.literal("reaction"),
  op: z.enum(["add", "remove"]),
  message_id: id,
  user_id: id,
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
});
export type ReactionEvent = z.infer<typeof reactionEventSchema>;

const typingUserSchema = z.looseObject({ user_id: id, email: z.string() });
const typingBase = {
  id,
  type: z.literal("typing"),
  op: z.enum(["start", "stop"]),
  sender: typingUserSchema,
};

/**
 * `typing`: someone started or stopped composing. Direct (`private` before FL 215): every
 * participant, sender included, in `recipients`. Stream: `stream_id` and `topic`.
 */
export const typingEventSchema = z.discriminatedUnion("message_type", [
  z.looseObject({
    ...typingBase,
    message_type: z.enum(["direct", "private"]),
    recipients: z.array(typingUserSchema),
  }),
  z.looseObject({
    ...typingBase,
    message_type: z.literal("stream"),
    stream_id: id,
    topic: z.string(),
  }),
]);
export type TypingEvent = z.infer<typeof typingEventSchema>;

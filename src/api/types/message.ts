import { z } from "zod";

/** A direct-message participant as found in `display_recipient`. */
export const displayRecipientUserSchema = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  short_name: z.string().optional(),
  is_mirror_dummy: z.boolean().optional(),
});
export type DisplayRecipientUser = z.infer<typeof displayRecipientUserSchema>;

export const topicLinkSchema = z.object({ text: z.string(), url: z.string() });

export const reactionSchema = z.looseObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
  user_id: z.number().int(),
});

/** The message object of `GET /messages` and of `message` events (spec's Message table + Zulip's later fields). */
export const messageSchema = z.looseObject({
  id: z.number().int(),
  type: z.enum(["stream", "private"]),
  content: z.string(),
  content_type: z.string(),
  subject: z.string(),
  subject_links: z.array(z.string()).optional(),
  topic_links: z.array(topicLinkSchema).optional(),
  display_recipient: z.union([z.string(), z.array(displayRecipientUserSchema)]),
  recipient_id: z.number().int(),
  stream_id: z.number().int().optional(),
  sender_id: z.number().int(),
  sender_email: z.string(),
  sender_full_name: z.string(),
  sender_short_name: z.string().optional(),
  sender_realm_str: z.string(),
  avatar_url: z.string().nullable(),
  client: z.string(),
  timestamp: z.number().int(),
  is_me_message: z.boolean().optional(),
  flags: z.array(z.string()).optional(),
  reactions: z.array(reactionSchema).optional(),
  last_edit_timestamp: z.number().int().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** One element of `message_history`: the message as it was after that edit (or as sent). */
export const messageSnapshotSchema = z.looseObject({
  topic: z.string(),
  content: z.string(),
  rendered_content: z.string(),
  timestamp: z.number().int(),
  /** The editor; the sender on the first snapshot. */
  user_id: z.number().int().nullable(),
  prev_topic: z.string().optional(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  /** `<div>`-wrapped HTML with `highlight_text_inserted`/`_deleted` spans; sanitize before use. */
  content_html_diff: z.string().optional(),
  /** Stream moves (FL 118): the stream ids before and after. */
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
});
export type MessageSnapshot = z.infer<typeof messageSnapshotSchema>;

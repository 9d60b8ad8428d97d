import { z } from "zod";

// Older servers' message shapes, normalised to today's before zod parses them (the rest of the
// compatibility code is in ../compat.ts, which explains the conventions).

type WireObject = Record<string, unknown>;

function isWireObject(value: unknown): value is WireObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** Old servers' topic links were bare URLs; the link text is the URL itself. */
function linksFromUrls(urls: readonly string[]): { text: string; url: string }[] {
  return urls.map((url) => ({ text: url, url }));
}

/**
 * `topic_links` in today's form from whichever form `raw` carries, or undefined when it
 * carries none (or an unknown form, left for zod to reject).
 */
function topicLinksOf(raw: WireObject): unknown {
  const links = raw["topic_links"];
  // COMPAT(FL <46): topic_links was a list of URL strings; remove when the oldest supported server is FL ≥ 46
  if (isStringList(links)) return linksFromUrls(links);
  if (links !== undefined) return links;
  const subjectLinks = raw["subject_links"];
  // COMPAT(FL <1): Zulip ≤ 2.1 sent subject_links (URL strings); remove when the oldest supported server is FL ≥ 1
  if (isStringList(subjectLinks)) return linksFromUrls(subjectLinks);
  return undefined;
}

/**
 * A message object (`GET /messages`, `GET /messages/{id}`, `message` events) in today's shape:
 * `topic_links` as `[{text, url}]`, built from `subject_links` or a URL list when the server
 * is old, and `[]` when it sent none.
 */
export function normalizeMessageWire(raw: unknown): unknown {
  if (!isWireObject(raw)) return raw;
  const links = topicLinksOf(raw);
  if (links === raw["topic_links"] && links !== undefined) return raw;
  // Not a compatibility branch: a message without links of either form simply has none.
  return { ...raw, topic_links: links ?? [] };
}

/**
 * An `update_message` event in today's shape: a move's `topic_links` as `[{text, url}]`.
 * Unlike a message, an event without topic links stays without (no move, nothing to change).
 */
export function normalizeUpdateMessageEventWire(raw: unknown): unknown {
  if (!isWireObject(raw)) return raw;
  const links = topicLinksOf(raw);
  return links === raw["topic_links"] ? raw : { ...raw, topic_links: links };
}

/** An edit-history snapshot (`GET /messages/{id}/history`) in today's shape. */
export function normalizeSnapshotWire(raw: unknown): unknown {
  if (!isWireObject(raw)) return raw;
  // COMPAT(FL <118): the previous topic was `prev_subject`; remove when the oldest supported server is FL ≥ 118
  if (raw["prev_topic"] === undefined && typeof raw["prev_subject"] === "string") {
    return { ...raw, prev_topic: raw["prev_subject"] };
  }
  return raw;
}

/** A direct-message participant as found in `display_recipient`. */
const displayRecipientUserSchema = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  short_name: z.string().optional(),
  is_mirror_dummy: z.boolean().optional(),
});
export type DisplayRecipientUser = z.infer<typeof displayRecipientUserSchema>;

export const topicLinkSchema = z.object({ text: z.string(), url: z.string() });

const reactionSchema = z.looseObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
  user_id: z.number().int(),
});
export type Reaction = z.infer<typeof reactionSchema>;

/** The message object as today's servers send it (see `messageSchema`). */
const messageObjectSchema = z.looseObject({
  id: z.number().int(),
  type: z.enum(["stream", "private"]),
  content: z.string(),
  content_type: z.string(),
  subject: z.string(),
  /** [OLD] (Zulip ≤ 2.1): turned into `topic_links` by `normalizeMessageWire`. */
  subject_links: z.array(z.string()).optional(),
  /** Always present after parsing (older servers' forms are converted, see compat.ts). */
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
  /**
   * Search results only: the rendered content and the HTML-escaped topic with each match in
   * `<span class="highlight">`; sanitize before use.
   */
  match_content: z.string().optional(),
  match_subject: z.string().optional(),
});

/**
 * The message object of `GET /messages` and of `message` events (spec's Message table + Zulip's
 * later fields), older servers' shapes normalised to today's first (common/wire/compat.ts).
 */
export const messageSchema = z.preprocess(normalizeMessageWire, messageObjectSchema);
export type Message = z.infer<typeof messageObjectSchema>;

const messageSnapshotObjectSchema = z.looseObject({
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

/** One element of `message_history`: the message as it was after that edit (or as sent). */
export const messageSnapshotSchema = z.preprocess(
  normalizeSnapshotWire,
  messageSnapshotObjectSchema,
);
export type MessageSnapshot = z.infer<typeof messageSnapshotObjectSchema>;

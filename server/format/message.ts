import type { DisplayRecipientUser, Message, Reaction } from "../../common/wire/message";
import type { MessageRecord } from "../db/messages";
import { flagNames } from "../db/flags";
import type { ReactionRecord } from "../db/reactions";

export interface FormatOptions {
  applyMarkdown: boolean;
  realmStringId: string;
  /** The organisation's linkifiers applied to a topic (scheme-checked); none when absent. */
  topicLinks?: (topic: string) => { text: string; url: string }[];
}

/** The local part of an email: Zulip's legacy `short_name`. */
export function shortName(email: string): string {
  const at = email.indexOf("@");
  return at === -1 ? email : email.slice(0, at);
}

export function avatarUrl(userId: number): string {
  return `/avatar/${userId}`;
}

/**
 * A reaction as message objects list it. The `user` object is Zulip's deprecated duplicate of
 * `user_id` (note: `id` here, but `user_id` in `reaction` events, as in Zulip).
 */
export function formatReaction(reaction: ReactionRecord): Reaction {
  return {
    emoji_name: reaction.emoji_name,
    emoji_code: reaction.emoji_code,
    reaction_type: reaction.reaction_type,
    user_id: reaction.user_id,
    user: { id: reaction.user_id, email: reaction.email, full_name: reaction.full_name },
  };
}

/**
 * The wire message object (spec's Message table plus Zulip's later fields) of a record, for one
 * viewer. `flags` is the viewer's: a message they never received reads as `read, historical`.
 * `reactions` are the message's, oldest first (none for a message just sent).
 */
export function formatMessage(
  record: MessageRecord,
  displayRecipient: string | DisplayRecipientUser[],
  options: FormatOptions,
  reactions: readonly ReactionRecord[] = [],
): Message {
  const isStream = record.stream_id !== null;
  const flags = record.flags === null ? ["read", "historical"] : flagNames(record.flags);
  const links = isStream && options.topicLinks ? options.topicLinks(record.subject) : [];
  return {
    id: record.id,
    type: isStream ? "stream" : "private",
    content: options.applyMarkdown ? record.rendered_content : record.content,
    content_type: options.applyMarkdown ? "text/html" : "text/x-markdown",
    subject: record.subject,
    subject_links: links.map((link) => link.url),
    topic_links: links,
    display_recipient: displayRecipient,
    recipient_id: record.recipient_id,
    ...(record.stream_id === null ? {} : { stream_id: record.stream_id }),
    sender_id: record.sender_id,
    sender_email: record.sender_email,
    sender_full_name: record.sender_full_name,
    sender_short_name: shortName(record.sender_email),
    sender_realm_str: options.realmStringId,
    avatar_url: avatarUrl(record.sender_id),
    client: record.sending_client,
    timestamp: record.date_sent,
    is_me_message: record.content.startsWith("/me "),
    flags,
    reactions: reactions.map(formatReaction),
    submessages: [],
    ...(record.last_edit_time === null ? {} : { last_edit_timestamp: record.last_edit_time }),
  };
}

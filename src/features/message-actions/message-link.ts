import type { Message } from "../../../common/wire/message";
import { dmNarrow, dmParticipants, narrowToHash, topicNarrow, type Narrow } from "../../lib/narrow";

/** The conversation a message belongs to: its topic, or its direct-message conversation. */
export function conversationNarrow(message: Message, ownUserId: number): Narrow {
  if (message.type === "stream") {
    const streamName =
      typeof message.display_recipient === "string" ? message.display_recipient : "";
    return topicNarrow(message.stream_id ?? 0, streamName, message.subject);
  }
  return dmNarrow(dmParticipants(message, ownUserId));
}

/**
 * A shareable link to the message: the page's URL with the hash of the message's topic (or
 * conversation). Zulip adds `/near/<id>`; our router does not read that yet, so the link opens
 * the conversation the message is in rather than a page that shows nothing.
 */
export function messageLink(message: Message, ownUserId: number, pageUrl: string): string {
  const url = new URL(pageUrl);
  url.hash = narrowToHash(conversationNarrow(message, ownUserId));
  return url.href;
}

/** The longest run of backticks in the text, so a fence around it can be longer. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * Zulip's "quote and reply" text: a silent mention of the sender, a link to the message, and
 * the Markdown source in a ```quote block whose fence is longer than any inside it.
 */
export function quoteText(message: Message, rawContent: string, link: string): string {
  const fence = "`".repeat(Math.max(3, longestBacktickRun(rawContent) + 1));
  // `]`, `|` and `*` would end the mention early; Zulip drops them from the name the same way.
  const name = message.sender_full_name.replace(/[\]|*]/g, "");
  return `@_**${name}|${message.sender_id}** [said](${link}):\n${fence}quote\n${rawContent}\n${fence}\n`;
}

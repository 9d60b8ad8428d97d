import type { EventWithoutId } from "../../common/wire/events";
import type { Message } from "../../common/wire/message";

/**
 * A stream message as the server formats it, for tests of the queues themselves (which only
 * carry events): every field the client's schema requires, `content` as given.
 */
function wireMessage(id: number, content: string): Message {
  return {
    id,
    type: "stream",
    content,
    content_type: "text/html",
    subject: "topic",
    topic_links: [],
    display_recipient: "general",
    recipient_id: 1,
    stream_id: 1,
    sender_id: 1,
    sender_email: "someone@parley.test",
    sender_full_name: "Someone",
    sender_realm_str: "parley",
    avatar_url: "/avatar/1",
    client: "test",
    timestamp: 1_700_000_000,
  };
}

/** A `message` event of `wireMessage(id, content)`. */
export function messageEvent(
  id: number,
  content = `<p>message ${id}</p>`,
): EventWithoutId<"message"> {
  return { type: "message", message: wireMessage(id, content), flags: [] };
}

/** A `reaction` event on message `messageId`. */
export function reactionEvent(messageId: number): EventWithoutId<"reaction"> {
  return {
    type: "reaction",
    op: "add",
    message_id: messageId,
    user_id: 1,
    emoji_name: "tada",
    emoji_code: "1f389",
    reaction_type: "unicode_emoji",
  };
}

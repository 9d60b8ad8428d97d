import { queryOptions } from "@tanstack/react-query";
import { getMessages } from "../api/messages";
import type { Message } from "../../common/wire/message";
import type { RecentConversation } from "../../common/wire/register";
import { dmParticipants } from "../lib/narrow";
import { sessionStore } from "../stores/session-store";

/** How many direct messages the fallback fetch reads to find the recent conversations. */
const FALLBACK_WINDOW = 1000;

/**
 * The participants of a `RecentConversation` as a dm narrow names them: the others, or
 * `[ownUserId]` for the conversation with oneself (Zulip sends `[]` for that one).
 */
export function conversationUserIds(conversation: RecentConversation, ownUserId: number): number[] {
  return conversation.user_ids.length === 0 ? [ownUserId] : [...conversation.user_ids];
}

/**
 * The conversations knowing that `message` (a direct message) exists: its conversation moves to
 * the top when the message is its newest. Newest first, in Zulip's shape. Stream messages
 * change nothing.
 */
export function withDirectMessage(
  conversations: readonly RecentConversation[],
  message: Message,
  ownUserId: number,
): RecentConversation[] {
  if (message.type !== "private" || typeof message.display_recipient === "string") {
    return [...conversations];
  }
  // Zulip's shape: the others only, so the conversation with oneself is `[]`.
  const others = dmParticipants(message, ownUserId).filter((id) => id !== ownUserId);
  const key = others.join(",");
  const existing = conversations.find((entry) => entry.user_ids.join(",") === key);
  if (existing !== undefined && existing.max_message_id >= message.id) return [...conversations];
  const rest = conversations.filter((entry) => entry !== existing);
  return [{ max_message_id: message.id, user_ids: others }, ...rest].sort(
    (a, b) => b.max_message_id - a.max_message_id,
  );
}

/** The conversations of a window of direct messages, newest first. */
export function conversationsOfMessages(
  messages: readonly Message[],
  ownUserId: number,
): RecentConversation[] {
  let conversations: RecentConversation[] = [];
  for (const message of messages) {
    conversations = withDirectMessage(conversations, message, ownUserId);
  }
  return conversations;
}

/** The user's direct conversations. */
export const conversationQueries = {
  all: () => ["conversations"] as const,
  /**
   * Recent direct conversations, newest first, in Zulip's `recent_private_conversations` shape.
   * Seeded from the register snapshot; where a server does not send it, the newest direct
   * messages are read instead. Views merge in newer messages from the message store.
   */
  recent: () =>
    queryOptions({
      queryKey: [...conversationQueries.all(), "recent"] as const,
      queryFn: async ({ signal }) => {
        const { client, credentials } = sessionStore.getState();
        const response = await getMessages(
          client,
          {
            anchor: "newest",
            num_before: FALLBACK_WINDOW,
            num_after: 0,
            narrow: [{ operator: "is", operand: "dm" }],
            apply_markdown: false,
          },
          { signal },
        );
        return conversationsOfMessages(response.messages, credentials?.userId ?? -1);
      },
      staleTime: Infinity,
    }),
};

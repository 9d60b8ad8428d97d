import { useMemo } from "react";
import { conversationQueries } from "../../queries/conversation-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { useMessageStore } from "../../stores/message-store";
import { useSessionStore } from "../../stores/session-store";
import {
  mergeConversations,
  parseConversationSignature,
  storeConversationSignature,
  type Conversation,
} from "./conversations";

/**
 * The user's direct conversations, newest first: the register snapshot's (asked for only once
 * the queue is registered), with any newer message in the message store moving its
 * conversation to the top as it arrives.
 */
export function useConversations(): {
  conversations: Conversation[];
  isPending: boolean;
  isError: boolean;
} {
  // The register snapshot seeds the list: asking before it lands would read the newest 1,000
  // direct messages beside it on every load (794 KB in the huge demo, slowing the first narrow's
  // fetch on the same server). A server that sends no snapshot gets the fallback read after.
  const recent = useSnapshotQuery(conversationQueries.recent());
  const ownUserId = useSessionStore((session) => session.credentials?.userId ?? -1);
  // Derived from the store's index in O(conversations + narrows), never from its 100,000 messages.
  const signature = useMessageStore((state) => storeConversationSignature(state.data.byKey));
  const conversations = useMemo(
    () => mergeConversations(recent.data ?? [], parseConversationSignature(signature), ownUserId),
    [recent.data, signature, ownUserId],
  );
  return {
    conversations,
    isPending: recent.isPending && conversations.length === 0,
    isError: recent.isError,
  };
}

import type { RecentConversation } from "../../../common/wire/register";
import { conversationUserIds } from "../../queries/conversation-queries";

/** A direct conversation as the sidebar lists it. */
export interface Conversation {
  /** As a dm narrow names it: the other participants ascending, or `[ownUserId]` for oneself. */
  readonly userIds: readonly number[];
  /** Its newest message known (from the snapshot or the message store). */
  readonly maxMessageId: number;
}

const DM_KEY_PREFIX = "dm:";

/**
 * The conversations the message store holds messages of, as `key=newest id` pairs joined by
 * ";", from its per-narrow index (keys `dm:<ids>`, see `dmKey`). A string, so that a component
 * selecting it re-renders only when a conversation gains a newer message, not on every change.
 */
export function storeConversationSignature(
  byKey: ReadonlyMap<string, { readonly last: number | undefined }>,
): string {
  const parts: string[] = [];
  for (const [key, ids] of byKey) {
    if (key.startsWith(DM_KEY_PREFIX) && ids.last !== undefined) parts.push(`${key}=${ids.last}`);
  }
  return parts.join(";");
}

/** The conversations of a `storeConversationSignature`. */
export function parseConversationSignature(signature: string): Conversation[] {
  if (signature === "") return [];
  return signature.split(";").flatMap((part) => {
    const match = /^dm:([\d,]+)=(\d+)$/.exec(part);
    if (match?.[1] === undefined || match[2] === undefined) return [];
    return [{ userIds: match[1].split(",").map(Number), maxMessageId: Number(match[2]) }];
  });
}

/**
 * The register snapshot's conversations merged with those seen since (in the message store):
 * each conversation once, at its newest message, newest first.
 */
export function mergeConversations(
  recent: readonly RecentConversation[],
  seen: readonly Conversation[],
  ownUserId: number,
): Conversation[] {
  const byKey = new Map<string, Conversation>();
  const add = (conversation: Conversation) => {
    const key = conversation.userIds.join(",");
    const known = byKey.get(key);
    if (known === undefined || known.maxMessageId < conversation.maxMessageId) {
      byKey.set(key, conversation);
    }
  };
  for (const entry of recent) {
    add({ userIds: conversationUserIds(entry, ownUserId), maxMessageId: entry.max_message_id });
  }
  for (const conversation of seen) add(conversation);
  return [...byKey.values()].sort((a, b) => b.maxMessageId - a.maxMessageId);
}

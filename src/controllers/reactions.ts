import type { StoreApi } from "zustand/vanilla";
import type { ApiClient } from "../api/client";
import { addReaction, removeReaction, type ReactionType } from "../api/reactions";
import { getMessage, messageStore, type MessageStoreState } from "../stores/message-store";
import { sessionStore } from "../stores/session-store";
import { reportActionError } from "../stores/action-notice-store";
import { errorText } from "../lib/error-text";
import { reactionKey, type ReactionEmoji } from "../lib/reaction-emoji";

/** What toggling a reaction uses; injectable for tests. */
export interface ReactionDeps {
  readonly store: StoreApi<MessageStoreState>;
  readonly client: ApiClient;
  readonly ownUserId: number | null;
  readonly add: typeof addReaction;
  readonly remove: typeof removeReaction;
  readonly report: (messageId: number, text: string) => void;
}

function defaultDeps(): ReactionDeps {
  const session = sessionStore.getState();
  return {
    store: messageStore,
    client: session.client,
    ownUserId: session.credentials?.userId ?? null,
    add: addReaction,
    remove: removeReaction,
    report: reportActionError,
  };
}

function isReactionType(type: string): type is ReactionType {
  return type === "unicode_emoji" || type === "realm_emoji" || type === "zulip_extra_emoji";
}

/**
 * Adds my reaction with this emoji, or removes it when I already reacted with it. The chip
 * changes at once in the message store; if the server refuses, it changes back and the error
 * is shown beside the message. The server's event then confirms (reactions are idempotent).
 */
export async function toggleReaction(
  messageId: number,
  emoji: ReactionEmoji,
  deps: ReactionDeps = defaultDeps(),
): Promise<void> {
  const own = deps.ownUserId;
  if (own === null) return;
  const key = reactionKey(emoji);
  const reactions = getMessage(deps.store.getState(), messageId)?.reactions ?? [];
  const isAdding = !reactions.some((each) => each.user_id === own && reactionKey(each) === key);
  const change = { message_id: messageId, user_id: own, ...emoji };
  deps.store.getState().reactionChanged({ ...change, op: isAdding ? "add" : "remove" });
  const params = {
    message_id: messageId,
    emoji_name: emoji.emoji_name,
    emoji_code: emoji.emoji_code,
    reaction_type: isReactionType(emoji.reaction_type) ? emoji.reaction_type : undefined,
  };
  try {
    await (isAdding ? deps.add : deps.remove)(deps.client, params);
  } catch (error) {
    deps.store.getState().reactionChanged({ ...change, op: isAdding ? "remove" : "add" });
    deps.report(
      messageId,
      `Could not ${isAdding ? "add" : "remove"} the reaction: ${errorText(error)}`,
    );
  }
}

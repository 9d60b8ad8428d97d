import type { Message } from "../../../common/wire/message";
import { dmNarrow, narrowFromHash, narrowKey, narrowToHash, streamNarrow } from "../../lib/narrow";
import { errorText } from "../../lib/error-text";
import { markUnreadFrom } from "../../controllers/mark-unread";
import { toggleReaction } from "../../controllers/reactions";
import { setTopicPolicy } from "../../queries/muting-mutations";
import { reportActionError } from "../../stores/action-notice-store";
import { currentMessage } from "../../stores/message-store";
import { currentApiClient, currentOwnUserId } from "../../stores/session-store";
import { uiActions, currentSelectedMessageId } from "../../stores/ui-store";
import { currentTopicMuting } from "../../stores/unread-store";
import { isEdited, quoteAndReply, replyTo } from "../message-actions/message-commands";
import { conversationNarrow } from "../message-actions/message-link";
import { requestZoom } from "../message-list/zoom-request";
import { conversationHash } from "../narrow/conversation-hash";
import { shellActions } from "../shell/shell-store";
import { topicActionVerb, topicVisibilityActions } from "../topics/topic-visibility";

// The global keys' actions on the selected message (use-global-shortcuts.ts runs them): each
// returns false when there is nothing for it to act on, so the key is not taken.

/** `r`: the selected message's conversation, with the compose box focused. */
export function replyToSelected(): void {
  const id = currentSelectedMessageId();
  const message = id === null ? undefined : currentMessage(id);
  const ownUserId = currentOwnUserId();
  if (message !== undefined && ownUserId !== undefined) {
    window.location.hash = conversationHash(message, ownUserId);
  }
  uiActions.requestCompose();
}

/** The selected message, if it is loaded. */
function selectedMessage(): Message | undefined {
  const id = currentSelectedMessageId();
  return id === null ? undefined : currentMessage(id);
}

/**
 * Shift+M: mutes the selected message's topic, or unmutes it, as the first entry of the topic's
 * menu would (in a muted stream, "unmuting" makes the topic heard despite the stream).
 */
export function toggleTopicMute(): boolean {
  const message = selectedMessage();
  if (message?.type !== "stream" || message.stream_id === undefined) return false;
  const streamId = message.stream_id;
  const topic = message.subject;
  const { policy, isStreamMuted } = currentTopicMuting(streamId, topic);
  const [mute] = topicVisibilityActions(policy, isStreamMuted);
  if (mute === undefined) return false;
  setTopicPolicy(currentApiClient(), { streamId, topic, policy: mute.policy }).catch(
    (error: unknown) => {
      reportActionError(
        message.id,
        `Could not ${topicActionVerb(mute.label)} “${topic}”: ${errorText(error)}`,
      );
    },
  );
  return true;
}

/** `u`: the selected message's sender's card. */
export function showSenderCard(): boolean {
  const message = selectedMessage();
  if (message === undefined) return false;
  shellActions.openDialog({ kind: "user", userId: message.sender_id });
  return true;
}

/** `R`: a direct message to the selected message's sender. */
export function replyToSender(): boolean {
  const id = currentSelectedMessageId();
  const message = id === null ? undefined : currentMessage(id);
  if (message === undefined) return false;
  window.location.hash = narrowToHash(dmNarrow([message.sender_id]));
  uiActions.requestCompose();
  return true;
}

/** A control of the selected message's row (its toolbar, an image), pressed as a click would. */
export function pressSelectedMessageButton(selector: string): boolean {
  const id = currentSelectedMessageId();
  if (id === null) return false;
  const button = document.querySelector<HTMLElement>(
    `li[data-message-id="${String(id)}"] ${selector}`,
  );
  if (button === null) return false;
  button.click();
  return true;
}

/** Runs `act` on the selected message; false when none is selected. */
export function withSelected(act: (message: Message) => void): boolean {
  const message = selectedMessage();
  if (message === undefined) return false;
  act(message);
  return true;
}

/** `>`: a reply quoting the selected message. */
export function quoteSelected(): boolean {
  const ownUserId = currentOwnUserId();
  return withSelected((message) => {
    if (ownUserId !== undefined) {
      void quoteAndReply(currentApiClient(), message, ownUserId);
    }
  });
}

/** Shift+U: the selected message and the ones after it in this view become unread. */
export function markUnreadFromSelected(): boolean {
  const narrow = narrowFromHash(window.location.hash);
  if (narrow === undefined) return false;
  return withSelected((message) => {
    void markUnreadFrom(narrow, message.id);
  });
}

/** `=`: my reaction with the selected message's first emoji, on or off. */
export function toggleFirstReaction(): boolean {
  const first = selectedMessage()?.reactions?.[0];
  const id = currentSelectedMessageId();
  if (first === undefined || id === null) return false;
  const { emoji_name, emoji_code, reaction_type } = first;
  void toggleReaction(id, { emoji_name, emoji_code, reaction_type });
  return true;
}

/** `@`: a reply in the selected message's conversation, mentioning its sender. */
export function replyMentioningSender(): boolean {
  const ownUserId = currentOwnUserId();
  return withSelected((message) => {
    if (ownUserId !== undefined) {
      replyTo(message, ownUserId, `@**${message.sender_full_name}** `);
    }
  });
}

/**
 * Shift+H: the selected message's edit history, through its actions menu's entry (chosen once
 * the menu has rendered, the next frame).
 */
export function viewEditHistory(): boolean {
  const message = selectedMessage();
  if (message === undefined || !isEdited(message)) return false;
  if (!pressSelectedMessageButton(".message-menu-button")) return false;
  requestAnimationFrame(() => {
    [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')]
      .find((item) => item.textContent === "View edit history")
      ?.click();
  });
  return true;
}

/** `+`: my 👍 on the selected message, on or off. */
export function toggleThumbsUp(): boolean {
  const id = currentSelectedMessageId();
  if (id === null) return false;
  void toggleReaction(id, {
    emoji_name: "+1",
    emoji_code: "1f44d",
    reaction_type: "unicode_emoji",
  });
  return true;
}

/**
 * `s`: the selected message's topic or direct conversation; from a topic, its stream (Zulip's
 * "Go to channel feed").
 */
export function goToConversation(): boolean {
  const current = narrowFromHash(window.location.hash);
  if (current?.kind === "topic") {
    window.location.hash = narrowToHash(streamNarrow(current.streamId, current.streamName));
    return true;
  }
  const message = selectedMessage();
  const ownUserId = currentOwnUserId();
  if (message === undefined || ownUserId === undefined) return false;
  const conversation = conversationNarrow(message, ownUserId);
  // Opened at the message, as Zulip's `s` (then_select_id); reading as usual there.
  if (current === undefined || narrowKey(current) !== narrowKey(conversation)) {
    requestZoom(narrowKey(conversation), message.id, false);
  }
  window.location.hash = narrowToHash(conversation);
  return true;
}

/** `z`: the selected message's conversation, opened at that message. */
export function zoomToSelected(): boolean {
  const message = selectedMessage();
  const ownUserId = currentOwnUserId();
  if (message === undefined || ownUserId === undefined) return false;
  const conversation = conversationNarrow(message, ownUserId);
  const current = narrowFromHash(window.location.hash);
  // Already there: the message is in view.
  if (current !== undefined && narrowKey(current) === narrowKey(conversation)) return true;
  requestZoom(narrowKey(conversation), message.id);
  window.location.hash = narrowToHash(conversation);
  return true;
}

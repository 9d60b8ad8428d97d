import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Message } from "../../../common/wire/message";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import {
  allMessagesNarrow,
  dmKey,
  dmNarrow,
  dmsNarrow,
  narrowFromHash,
  narrowKey,
  narrowToHash,
  starredNarrow,
  streamNarrow,
  topicNarrow,
} from "../../lib/narrow";
import { errorText } from "../../lib/error-text";
import { ZULIP_VIEWS } from "../../lib/route";
import { markUnreadFrom } from "../../controllers/mark-unread";
import { toggleReaction } from "../../controllers/reactions";
import { toggleStar } from "../../controllers/star";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { reportActionError } from "../../stores/action-notice-store";
import { currentMessage } from "../../stores/message-store";
import { currentApiClient, currentOwnUserId } from "../../stores/session-store";
import { uiActions, currentSelectedMessageId } from "../../stores/ui-store";
import { currentCountedUnreadEntries, currentTopicMuting } from "../../stores/unread-store";
import { setTopicPolicy } from "../../queries/muting-mutations";
import { isEdited, quoteAndReply, replyTo } from "../message-actions/message-commands";
import { moveSelectedMessage } from "../move-messages/open-move";
import { conversationNarrow } from "../message-actions/message-link";
import { requestZoom } from "../message-list/zoom-request";
import { conversationHash } from "../narrow/conversation-hash";
import { shellActions, closeOpenDrawers } from "../shell/shell-store";
import { topicActionVerb, topicVisibilityActions } from "../topics/topic-visibility";
import { globalAction, isOwnKeysElement, isTextField, type GlobalAction } from "./global-shortcuts";
import {
  adjacentStream,
  nextUnreadTopic,
  sidebarStreamOrder,
  unreadTopics,
} from "./next-unread-topic";

/** `r`: the selected message's conversation, with the compose box focused. */
function replyToSelected(): void {
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
 * `n`: the next topic with unreads after the current one, in sidebar order; Shift+N, the next
 * followed one.
 */
function goToNextUnreadTopic(queryClient: QueryClient, isFollowedOnly: boolean): void {
  const subscriptions = queryClient.getQueryData(subscriptionQueries.list().queryKey) ?? [];
  const order = sidebarStreamOrder(subscriptions);
  const topics = unreadTopics(currentCountedUnreadEntries(), order).filter(
    (topic) =>
      !isFollowedOnly ||
      currentTopicMuting(topic.streamId, topic.topic).policy === VISIBILITY_POLICY.followed,
  );
  const next = nextUnreadTopic(topics, narrowFromHash(window.location.hash), order);
  if (next === undefined) return;
  const streamName =
    subscriptions.find((subscription) => subscription.stream_id === next.streamId)?.name ?? "";
  window.location.hash = narrowToHash(topicNarrow(next.streamId, streamName, next.topic));
}

/** Shift+D (`step` 1) and Shift+A (-1): the next or previous stream of the sidebar. */
function goToAdjacentStream(queryClient: QueryClient, step: 1 | -1): void {
  const subscriptions = queryClient.getQueryData(subscriptionQueries.list().queryKey) ?? [];
  const next = adjacentStream(
    sidebarStreamOrder(subscriptions),
    narrowFromHash(window.location.hash),
    step,
  );
  const name = subscriptions.find((subscription) => subscription.stream_id === next)?.name;
  if (next === undefined || name === undefined) return;
  window.location.hash = narrowToHash(streamNarrow(next, name));
}

/**
 * Shift+M: mutes the selected message's topic, or unmutes it, as the first entry of the topic's
 * menu would (in a muted stream, "unmuting" makes the topic heard despite the stream).
 */
function toggleTopicMute(): boolean {
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
function showSenderCard(): boolean {
  const message = selectedMessage();
  if (message === undefined) return false;
  shellActions.openDialog({ kind: "user", userId: message.sender_id });
  return true;
}

/** Where `d` opened the drafts from, for `d` to go back to. */
let hashBeforeDrafts: string | null = null;

/** `d`: the drafts; from them, back where `d` opened them (else the home view). */
function toggleDrafts(): void {
  const drafts = ZULIP_VIEWS.drafts.hash;
  if (window.location.hash === drafts) {
    window.location.hash = hashBeforeDrafts ?? "";
    hashBeforeDrafts = null;
  } else {
    hashBeforeDrafts = window.location.hash;
    window.location.hash = drafts;
  }
}

/** `x`: a new direct message, in a view whose compose box chooses its destination. */
function newDirectMessage(): void {
  const narrow = narrowFromHash(window.location.hash);
  if (narrow !== undefined && ["stream", "topic", "dm"].includes(narrow.kind)) {
    window.location.hash = "#all_messages";
  }
  uiActions.requestCompose(undefined, { isDirect: true });
}

/** `R`: a direct message to the selected message's sender. */
function replyToSender(): boolean {
  const id = currentSelectedMessageId();
  const message = id === null ? undefined : currentMessage(id);
  if (message === undefined) return false;
  window.location.hash = narrowToHash(dmNarrow([message.sender_id]));
  uiActions.requestCompose();
  return true;
}

/** `p`: the direct conversation with the oldest unread message, other than the open one. */
function goToNextUnreadDirect(): void {
  const current = narrowFromHash(window.location.hash);
  const currentKey = current?.kind === "dm" ? dmKey(current.userIds) : null;
  let oldest: { id: number; key: string } | undefined;
  for (const [id, entry] of currentCountedUnreadEntries()) {
    if (entry.where.kind !== "dm" || entry.where.key === currentKey) continue;
    if (oldest === undefined || id < oldest.id) oldest = { id, key: entry.where.key };
  }
  if (oldest === undefined) return;
  const userIds = oldest.key.slice("dm:".length).split(",").map(Number);
  window.location.hash = narrowToHash(dmNarrow(userIds));
}

/** A control of the selected message's row (its toolbar, an image), pressed as a click would. */
function pressSelectedMessageButton(selector: string): boolean {
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
function withSelected(act: (message: Message) => void): boolean {
  const message = selectedMessage();
  if (message === undefined) return false;
  act(message);
  return true;
}

/** `>`: a reply quoting the selected message. */
function quoteSelected(): boolean {
  const ownUserId = currentOwnUserId();
  return withSelected((message) => {
    if (ownUserId !== undefined) {
      void quoteAndReply(currentApiClient(), message, ownUserId);
    }
  });
}

/** Shift+U: the selected message and the ones after it in this view become unread. */
function markUnreadFromSelected(): boolean {
  const narrow = narrowFromHash(window.location.hash);
  if (narrow === undefined) return false;
  return withSelected((message) => {
    void markUnreadFrom(narrow, message.id);
  });
}

/** `=`: my reaction with the selected message's first emoji, on or off. */
function toggleFirstReaction(): boolean {
  const first = selectedMessage()?.reactions?.[0];
  const id = currentSelectedMessageId();
  if (first === undefined || id === null) return false;
  const { emoji_name, emoji_code, reaction_type } = first;
  void toggleReaction(id, { emoji_name, emoji_code, reaction_type });
  return true;
}

/** `@`: a reply in the selected message's conversation, mentioning its sender. */
function replyMentioningSender(): boolean {
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
function viewEditHistory(): boolean {
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
function toggleThumbsUp(): boolean {
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
function goToConversation(): boolean {
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
function zoomToSelected(): boolean {
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

/** `g`: the account menu (Parley's one menu of settings, profile and help) opens or closes. */
function toggleAccountMenu(): boolean {
  const button = document.querySelector<HTMLElement>(".user-menu-button");
  if (button === null) return false;
  button.click();
  return true;
}

/** Focuses a field or link once the drawer or panel holding it has opened. */
function focusSoon(selector: string): void {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(selector)?.focus();
  });
}

/** Escape: closes an open drawer first; otherwise leaves the text field being typed in. */
function escape(): boolean {
  if (closeOpenDrawers()) return true;
  const active = document.activeElement;
  if (isTextField(active) && active instanceof HTMLElement) {
    active.blur();
    return true;
  }
  return false;
}

function run(action: GlobalAction, queryClient: QueryClient): boolean {
  switch (action) {
    case "compose":
      uiActions.requestCompose();
      return true;
    case "reply":
      replyToSelected();
      return true;
    case "next-unread":
      goToNextUnreadTopic(queryClient, false);
      return true;
    case "next-unread-followed":
      goToNextUnreadTopic(queryClient, true);
      return true;
    case "previous-stream":
      goToAdjacentStream(queryClient, -1);
      return true;
    case "next-stream":
      goToAdjacentStream(queryClient, 1);
      return true;
    case "combined-feed":
      window.location.hash = narrowToHash(allMessagesNarrow());
      return true;
    case "inbox":
      window.location.hash = ZULIP_VIEWS.inbox.hash;
      return true;
    case "recent":
      window.location.hash = ZULIP_VIEWS.recent.hash;
      return true;
    case "drafts":
      toggleDrafts();
      return true;
    case "new-direct":
      newDirectMessage();
      return true;
    case "reply-to-sender":
      return replyToSender();
    case "next-unread-direct":
      goToNextUnreadDirect();
      return true;
    case "search":
      uiActions.requestSearchFocus();
      return true;
    case "filter-users":
      uiActions.setRightPanelOpen(true);
      focusSoon('input[aria-label="Filter users"]');
      return true;
    case "streams":
      uiActions.setLeftDrawerOpen(true);
      focusSoon(".stream-list a[aria-current], .stream-list a.stream-link");
      return true;
    case "starred":
      window.location.hash = narrowToHash(starredNarrow());
      return true;
    case "message-menu":
      return pressSelectedMessageButton(".message-menu-button");
    case "react":
      return pressSelectedMessageButton('button[aria-label="Add reaction"]');
    case "toggle-thumbs-up":
      return toggleThumbsUp();
    case "quote":
      return quoteSelected();
    case "star":
      return withSelected((message) => {
        toggleStar(message);
      });
    case "toggle-topic-mute":
      return toggleTopicMute();
    case "sender-card":
      return showSenderCard();
    case "view-image":
      return pressSelectedMessageButton(".message_inline_image a");
    case "toggle-collapsed":
      return withSelected((message) => {
        uiActions.toggleCollapsed(message.id);
      });
    case "mark-unread-from":
      return markUnreadFromSelected();
    case "toggle-first-reaction":
      return toggleFirstReaction();
    case "reply-mention":
      return replyMentioningSender();
    case "edit-history":
      return viewEditHistory();
    case "move":
      return moveSelectedMessage(queryClient);
    case "help":
      shellActions.openDialog({ kind: "help" });
      return true;
    case "escape":
      return escape();
    case "go-to-conversation":
      return goToConversation();
    case "zoom":
      return zoomToSelected();
    case "dm-feed":
      window.location.hash = narrowToHash(dmsNarrow());
      return true;
    case "history-back":
      // Prevented, so the browser's own Alt+← does not go back a second time.
      window.history.back();
      return true;
    case "history-forward":
      window.history.forward();
      return true;
    case "account-menu":
      return toggleAccountMenu();
    case "home":
      // As Zulip's Ctrl+[: what Escape closes first; with nothing open, the home view.
      if (!escape()) window.location.hash = "";
      return true;
  }
}

/**
 * The app-wide keyboard shortcuts (see shortcut-list.ts). Keys a component already handled
 * (`defaultPrevented`: a menu's Escape, the list's own keys) are left alone.
 */
export function useGlobalShortcuts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const action = globalAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isTyping: isOwnKeysElement(target),
        isInDialog: document.querySelector("dialog[open]") !== null,
      });
      if (action !== null && run(action, queryClient)) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [queryClient]);
}

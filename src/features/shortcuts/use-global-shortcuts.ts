import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import {
  allMessagesNarrow,
  dmKey,
  dmNarrow,
  dmsNarrow,
  narrowFromHash,
  narrowToHash,
  starredNarrow,
  streamNarrow,
  topicNarrow,
} from "../../lib/narrow";
import { ZULIP_VIEWS } from "../../lib/route";
import { toggleStar } from "../../controllers/star";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { uiActions } from "../../stores/ui-store";
import { currentCountedUnreadEntries, currentTopicMuting } from "../../stores/unread-store";
import { moveSelectedMessage } from "../move-messages/open-move";
import { shellActions, closeOpenDrawers } from "../shell/shell-store";
import {
  goToConversation,
  markUnreadFromSelected,
  pressSelectedMessageButton,
  quoteSelected,
  replyMentioningSender,
  replyToSelected,
  replyToSender,
  showSenderCard,
  toggleFirstReaction,
  toggleThumbsUp,
  toggleTopicMute,
  viewEditHistory,
  withSelected,
  zoomToSelected,
} from "./selected-message-actions";
import { globalAction, isOwnKeysElement, isTextField, type GlobalAction } from "./global-shortcuts";
import {
  adjacentStream,
  nextUnreadTopic,
  sidebarStreamOrder,
  unreadTopics,
} from "./next-unread-topic";

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

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { narrowFromHash, narrowToHash, topicNarrow } from "../../lib/narrow";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { currentMessage } from "../../stores/message-store";
import { currentOwnUserId } from "../../stores/session-store";
import { uiActions, currentSelectedMessageId } from "../../stores/ui-store";
import { currentCountedUnreadEntries } from "../../stores/unread-store";
import { conversationHash } from "../narrow/conversation-hash";
import { shellActions, closeOpenDrawers } from "../shell/shell-store";
import { globalAction, isTextField, type GlobalAction } from "./global-shortcuts";
import { nextUnreadTopic, sidebarStreamOrder, unreadTopics } from "./next-unread-topic";

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

/** `n`: the next topic with unreads after the current one, in sidebar order. */
function goToNextUnreadTopic(queryClient: QueryClient): void {
  const subscriptions = queryClient.getQueryData(subscriptionQueries.list().queryKey) ?? [];
  const order = sidebarStreamOrder(subscriptions);
  const topics = unreadTopics(currentCountedUnreadEntries(), order);
  const next = nextUnreadTopic(topics, narrowFromHash(window.location.hash), order);
  if (next === undefined) return;
  const streamName =
    subscriptions.find((subscription) => subscription.stream_id === next.streamId)?.name ?? "";
  window.location.hash = narrowToHash(topicNarrow(next.streamId, streamName, next.topic));
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
      goToNextUnreadTopic(queryClient);
      return true;
    case "search":
      uiActions.requestSearchFocus();
      return true;
    case "help":
      shellActions.openDialog({ kind: "help" });
      return true;
    case "escape":
      return escape();
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
        isTyping: isTextField(target),
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

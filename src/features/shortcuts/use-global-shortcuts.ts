import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { narrowFromHash, narrowToHash, topicNarrow } from "../../lib/narrow";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { getMessage, messageStore } from "../../stores/message-store";
import { sessionStore } from "../../stores/session-store";
import { uiStore } from "../../stores/ui-store";
import { unreadStore } from "../../stores/unread-store";
import { conversationHash } from "../narrow/conversation-hash";
import { shellStore } from "../shell/shell-store";
import { globalAction, isTextField, type GlobalAction } from "./global-shortcuts";
import { nextUnreadTopic, sidebarStreamOrder, unreadTopics } from "./next-unread-topic";

/** `r`: the selected message's conversation, with the compose box focused. */
function replyToSelected(): void {
  const id = uiStore.getState().selectedMessageId;
  const message = id === null ? undefined : getMessage(messageStore.getState(), id);
  const ownUserId = sessionStore.getState().credentials?.userId;
  if (message !== undefined && ownUserId !== undefined) {
    window.location.hash = conversationHash(message, ownUserId);
  }
  uiStore.getState().requestCompose();
}

/** `n`: the next topic with unreads after the current one, in sidebar order. */
function goToNextUnreadTopic(queryClient: QueryClient): void {
  const subscriptions = queryClient.getQueryData(subscriptionQueries.list().queryKey) ?? [];
  const order = sidebarStreamOrder(subscriptions);
  const topics = unreadTopics(unreadStore.getState().data.byId, order);
  const next = nextUnreadTopic(topics, narrowFromHash(window.location.hash), order);
  if (next === undefined) return;
  const streamName =
    subscriptions.find((subscription) => subscription.stream_id === next.streamId)?.name ?? "";
  window.location.hash = narrowToHash(topicNarrow(next.streamId, streamName, next.topic));
}

/** Escape: closes an open drawer first; otherwise leaves the text field being typed in. */
function escape(): boolean {
  const ui = uiStore.getState();
  const shell = shellStore.getState();
  if (ui.isLeftDrawerOpen || shell.isRightDrawerOpen) {
    ui.setLeftDrawerOpen(false);
    shell.setRightDrawerOpen(false);
    return true;
  }
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
      uiStore.getState().requestCompose();
      return true;
    case "reply":
      replyToSelected();
      return true;
    case "next-unread":
      goToNextUnreadTopic(queryClient);
      return true;
    case "search":
      uiStore.getState().requestSearchFocus();
      return true;
    case "help":
      shellStore.getState().openDialog({ kind: "help" });
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

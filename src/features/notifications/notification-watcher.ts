import type { QueryClient } from "@tanstack/react-query";
import type { Message } from "../../../common/wire/message";
import { getMessage, messageStore, currentIdLists } from "../../stores/message-store";
import { currentOwnUserId } from "../../stores/session-store";
import { currentMuting } from "../../stores/unread-store";
import { settingsQueries } from "../../queries/settings-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { conversationHash } from "../narrow/conversation-hash";
import { messageText } from "./message-text";
import { currentNotificationSettings } from "./notification-settings-store";
import { markAllSeen, newWatchedIds, notificationTitle, shouldNotify } from "./should-notify";

function show(message: Message, ownUserId: number): void {
  const notification = new Notification(notificationTitle(message), {
    body: messageText(message.content),
    // One notification per message, even if the store reports it twice.
    tag: `parley-message-${message.id}`,
  });
  notification.onclick = () => {
    window.focus();
    window.location.hash = conversationHash(message, ownUserId);
    notification.close();
  };
}

/**
 * Shows desktop notifications while the tab is hidden, by Zulip's rules and the user's settings
 * (`shouldNotify`): direct messages and mentions, followed topics, streams with notifications on;
 * none for what muting silences but personal mentions. Watches the message store's mention,
 * conversation and stream lists, so each change costs a look at each list's newest id, not a
 * scan of every message. Messages already held when it starts are not news. Returns the stop.
 */
export function watchNotifications(queryClient: QueryClient): () => void {
  const seen = new Map<string, number>();
  markAllSeen(currentIdLists(), seen);
  return messageStore.subscribe((state) => {
    const fresh = newWatchedIds(state.data.byKey, seen);
    const ownUserId = currentOwnUserId();
    if (fresh.length === 0 || ownUserId === undefined) return;
    const settings = currentNotificationSettings();
    const context = {
      isEnabled: settings.isEnabled,
      permission: settings.permission,
      isHidden: document.hidden,
      ownUserId,
      now: Date.now() / 1000,
      muting: currentMuting(),
      settings: queryClient.getQueryData(settingsQueries.user().queryKey),
      streamSettings: (streamId: number) =>
        queryClient
          .getQueryData(subscriptionQueries.list().queryKey)
          ?.find((subscription) => subscription.stream_id === streamId),
    };
    for (const id of fresh) {
      const message = getMessage(state, id);
      if (message !== undefined && shouldNotify(message, context)) show(message, ownUserId);
    }
  });
}

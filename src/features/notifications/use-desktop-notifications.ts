import { useEffect } from "react";
import type { Message } from "../../../common/wire/message";
import { getMessage, messageStore, currentIdLists } from "../../stores/message-store";
import { currentOwnUserId } from "../../stores/session-store";
import { currentMuting } from "../../stores/unread-store";
import { conversationHash } from "../narrow/conversation-hash";
import { messageText } from "./message-text";
import {
  useNotificationSettings,
  currentNotificationSettings,
} from "./notification-settings-store";
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
 * Desktop notifications for new direct messages and mentions while the tab is hidden, once the
 * user turned them on (none for what muting silences, but for personal mentions). Watches the message store's mention and conversation lists, so each
 * change costs a look at each conversation's newest id, not a scan of every message.
 */
export function useDesktopNotifications(): void {
  const isEnabled = useNotificationSettings((settings) => settings.isEnabled);
  useEffect(() => {
    if (!isEnabled) return undefined;
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
      };
      for (const id of fresh) {
        const message = getMessage(state, id);
        if (message !== undefined && shouldNotify(message, context)) show(message, ownUserId);
      }
    });
  }, [isEnabled]);
}

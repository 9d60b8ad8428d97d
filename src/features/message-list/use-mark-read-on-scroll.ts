import { useEffect } from "react";
import type { Narrow } from "../../lib/narrow";
import { markMessagesAsRead } from "../../controllers/mark-read";
import { useSessionStore } from "../../stores/session-store";
import { isUnreadNow } from "../../stores/unread-store";
import { createReadBatcher } from "./read-batcher";
import type { VirtualList } from "./virtual-list";
import { isReadingPaused, resumeReading } from "../../stores/reading-store";

/** How soon after a scroll or render the list looks at what is on screen. */
const CHECK_INTERVAL_MS = 150;

/** Only a reader who can see the page reads: the tab is shown and the window has focus. */
function isReaderLooking(): boolean {
  return !document.hidden && document.hasFocus();
}

/**
 * Marks messages read as the reader sees them: a message counts as seen when at least half of
 * it (or its bottom) is in view while the window is focused and visible. Seen unread ids go
 * out in batches (at most one request a second; at once when the window loses focus or the
 * page goes away). Holds off while "mark as unread from here" paused reading in this narrow,
 * and lets reading resume when the list closes.
 */
export function useMarkReadOnScroll(narrow: Narrow, list: VirtualList): void {
  const client = useSessionStore((session) => session.client);
  useEffect(() => {
    const batcher = createReadBatcher({
      flush: (ids) => markMessagesAsRead(client, ids),
      isWanted: isUnreadNow,
    });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = (): void => {
      timer = null;
      if (!isReaderLooking() || isReadingPaused(narrow)) return;
      batcher.add(list.visibleMessageIds().filter(isUnreadNow));
    };
    // A few checks a second however many scroll events and renders there are: each one
    // measures every rendered row, and a batch leaves at most once a second anyway.
    const scheduleCheck = (): void => {
      timer ??= setTimeout(check, CHECK_INTERVAL_MS);
    };
    const flush = (): void => {
      batcher.flushNow();
    };
    const stopWatching = list.onViewportChange(scheduleCheck);
    window.addEventListener("focus", scheduleCheck);
    document.addEventListener("visibilitychange", scheduleCheck);
    window.addEventListener("blur", flush);
    window.addEventListener("pagehide", flush);
    scheduleCheck();
    return () => {
      stopWatching();
      window.removeEventListener("focus", scheduleCheck);
      document.removeEventListener("visibilitychange", scheduleCheck);
      window.removeEventListener("blur", flush);
      window.removeEventListener("pagehide", flush);
      if (timer !== null) clearTimeout(timer);
      batcher.flushNow();
      batcher.dispose();
      resumeReading();
    };
  }, [client, narrow, list]);
}

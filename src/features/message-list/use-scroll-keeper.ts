import { useLayoutEffect, useRef, type RefObject } from "react";
import type { NarrowState } from "../../stores/message-store";
import { isUnread, unreadStore } from "../../stores/unread-store";

/** How close to the bottom (px) still counts as "reading the newest", so new messages scroll in. */
const STICK_TO_BOTTOM_PX = 80;
/** How close to either end (px) starts loading the next batch. */
const LOAD_MORE_PX = 400;

interface ScrollKeeperInput {
  scrollRef: RefObject<HTMLDivElement | null>;
  state: NarrowState | undefined;
  ids: readonly number[];
  loadOlder: () => void;
  loadNewer: () => void;
}

/**
 * Keeps the message list where the reader expects it: on opening, at the first unread message
 * (or the bottom when all is read); at the bottom while the reader is there and the list is
 * caught up; still when older messages are put above; and loads more near either end (also
 * when the list does not fill the view yet). Returns the scroll handler.
 */
export function useScrollKeeper(input: ScrollKeeperInput): {
  onScroll: () => void;
  /** The reader asked for the newest messages: go to the bottom once they are there. */
  followNewest: () => void;
} {
  const { scrollRef, state, ids, loadOlder, loadNewer } = input;
  const isAtBottomRef = useRef(true);
  const hasPositionedRef = useRef(false);
  const isFollowingRef = useRef(false);
  const anchorRef = useRef<{ firstId: number | undefined; scrollHeight: number }>({
    firstId: undefined,
    scrollHeight: 0,
  });

  const maybeLoadMore = (element: HTMLDivElement) => {
    if (state === undefined || state.error !== null) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (element.scrollTop < LOAD_MORE_PX && !state.found_oldest && !state.loadingOlder) {
      loadOlder();
    }
    if (fromBottom < LOAD_MORE_PX && !state.found_newest && !state.loadingNewer) loadNewer();
  };

  const firstId = ids[0];
  // Runs after every render: new messages, echoes and fetch states all move the content.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const previous = anchorRef.current;
    if (!hasPositionedRef.current && ids.length > 0 && state?.isLoading === false) {
      hasPositionedRef.current = true;
      const unreads = unreadStore.getState();
      const firstUnread = ids.find((id) => isUnread(unreads, id));
      const target =
        firstUnread === undefined
          ? null
          : element.querySelector(`[data-message-id="${String(firstUnread)}"]`);
      if (target instanceof HTMLElement) {
        element.scrollTop = Math.max(0, target.offsetTop - element.offsetTop - 40);
        isAtBottomRef.current = false;
      } else {
        element.scrollTop = element.scrollHeight;
      }
    } else if (isFollowingRef.current) {
      if (state?.found_newest === true && !state.isLoading) {
        isFollowingRef.current = false;
        isAtBottomRef.current = true;
        element.scrollTop = element.scrollHeight;
      }
    } else if (isAtBottomRef.current && state?.found_newest !== false) {
      element.scrollTop = element.scrollHeight;
    } else if (previous.firstId !== undefined && firstId !== previous.firstId) {
      element.scrollTop += element.scrollHeight - previous.scrollHeight;
    }
    anchorRef.current = { firstId, scrollHeight: element.scrollHeight };
    if (!isFollowingRef.current) maybeLoadMore(element);
  });

  const onScroll = () => {
    const element = scrollRef.current;
    if (element === null || isFollowingRef.current) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    isAtBottomRef.current = fromBottom < STICK_TO_BOTTOM_PX;
    anchorRef.current = { firstId, scrollHeight: element.scrollHeight };
    maybeLoadMore(element);
  };
  const followNewest = () => {
    isFollowingRef.current = true;
  };
  return { onScroll, followNewest };
}

// The message list windowed by @tanstack/react-virtual instead of the app's own windowing
// (src/features/message-list/virtual-list.ts and the modules around it), for the chat-views
// bench only (`?list=react-virtual`): the same rows, grouping, element cache, ghost header,
// notices, body preparation and read marking as the app's `MessageList`; the rows stay in the
// flow between two spacers (as in the app, so recipient headers stay sticky) and are measured
// by the library (`measureElement`, its ResizeObserver). Its chat options: anchored at the end
// (`anchorTo: 'end'`: the row in view stays put when older rows are prepended), following
// appends at the bottom, opening at the newest row (or the first unread).
// Not carried over (not exercised by the bench): the list's keys and the search highlight.
import {
  elementScroll,
  useVirtualizer,
  type ReactVirtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useMediaQuery } from "../../src/lib/media-query";
import type { Narrow } from "../../src/lib/narrow";
import { ActionToast } from "../../src/features/message-actions/action-toast";
import { useIsAdministrator } from "../../src/features/message-actions/message-actions";
import { outboxRows, type ListRow } from "../../src/features/message-list/group-rows";
import { ListNotices } from "../../src/features/message-list/list-notices";
import { RowGrouping } from "../../src/features/message-list/row-grouping";
import { useNarrowMessages } from "../../src/features/message-list/use-narrow-messages";
import { usePrepareBodies } from "../../src/features/message-list/use-prepare-bodies";
import { useStreamLooks } from "../../src/features/message-list/use-stream-looks";
import { useOutboxForNarrow } from "../../src/stores/outbox-store";
import { useSessionStore } from "../../src/stores/session-store";
import { uiActions } from "../../src/stores/ui-store";
import { isUnreadNow } from "../../src/stores/unread-store";
import "../../src/features/message-list/message-list.css";
import {
  estimateRow,
  ghostHeader,
  rowElements,
  useMarkReadWhileScrolling,
  useRowElements,
  type RowContext,
} from "./virtual-rows";

/** As the app's list (`virtual-list.ts`): the bottom within this is "at the newest". */
const STICK_TO_BOTTOM_PX = 80;
/** As the app's list: within this of either end the next batch loads. */
const LOAD_MORE_PX = 1500;
const TOOLBAR_ALWAYS_QUERY = "(hover: none), (max-width: 600px)";

type ScrollTo = VirtualizerOptions<HTMLDivElement, HTMLElement>["scrollToFn"];

/**
 * The library's scrolling, except that a correction (a row above the view measured at another
 * height than estimated) moves the element from where it is rather than to where the library
 * last saw it plus the correction. A script that scrolls in an animation frame (as the bench
 * does) is seen by the library only at the next frame's scroll event, after that frame's
 * measurements: the library's own write would put the element back by that scroll.
 */
const relativeScroll: ScrollTo = (offset, options, instance) => {
  const element = instance.scrollElement;
  const { adjustments } = options;
  if (element !== null && adjustments !== undefined && adjustments !== 0) {
    element.scrollTop += adjustments;
  } else {
    elementScroll(offset, options, instance);
  }
};

/** The rows of the list: its messages grouped (as the app's), then the outbox. */
function useRows(narrow: Narrow) {
  const narrowMessages = useNarrowMessages(narrow);
  const outbox = useOutboxForNarrow(narrow);
  const [grouping] = useState(() => new RowGrouping());
  const { messages } = narrowMessages;
  const messageRows = useMemo(() => grouping.of(messages), [grouping, messages]);
  const rows = useMemo(
    () => (outbox.length === 0 ? messageRows : [...messageRows, ...outboxRows(outbox)]),
    [messageRows, outbox],
  );
  return { ...narrowMessages, rows };
}

/** The list as the message list renders it, windowed by @tanstack/react-virtual. */
export function VirtualMessageList({
  narrow,
  overscan,
  isAdjustingRelative,
}: {
  narrow: Narrow;
  overscan: number;
  /** Corrections move the element from where it is (`relativeScroll`). */
  isAdjustingRelative: boolean;
}) {
  const { rows, messages, state, retry, loadOlder, loadNewer, jumpToNewest } = useRows(narrow);
  const context: RowContext = {
    narrow,
    ownUserId: useSessionStore((session) => session.credentials?.userId ?? null),
    isAdmin: useIsAdministrator(),
    isToolbarAlways: useMediaQuery(TOOLBAR_ALWAYS_QUERY),
    streams: useStreamLooks(),
  };
  const elements = useRowElements(context);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const noticesRef = useRef<HTMLDivElement>(null);
  const canLoad = state !== undefined && state.error === null;
  const loadRef = useRef<{ older: () => void; newer: () => void } | null>(null);
  loadRef.current = {
    older: () => {
      if (canLoad && !state.found_oldest && !state.loadingOlder) loadOlder();
    },
    newer: () => {
      if (canLoad && !state.found_newest && !state.loadingNewer) loadNewer();
    },
  };
  const getItemKey = useCallback((index: number) => rows[index]?.order ?? -index, [rows]);
  const estimateSize = useCallback((index: number) => estimateRow(rows[index]), [rows]);
  const scrollMargin = useHeight(noticesRef);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLElement>({
    count: rows.length,
    // The notices above the rows (their spacer starts below them).
    scrollMargin,
    getScrollElement: () => scrollerRef.current,
    ...(isAdjustingRelative ? { scrollToFn: relativeScroll } : {}),
    estimateSize,
    getItemKey,
    overscan,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: STICK_TO_BOTTOM_PX,
    // Past the end (the browser clamps it): the first rows rendered are the newest, not the
    // oldest of the narrow, before `scrollToEnd` below.
    initialOffset: () => Number.MAX_SAFE_INTEGER / 2,
    onChange: (instance) => {
      // From the library's model (no layout read): where the view is in the rows.
      const offset = instance.scrollOffset ?? 0;
      const end = instance.options.scrollMargin + instance.getTotalSize();
      if (offset < LOAD_MORE_PX) loadRef.current?.older();
      if (end - offset - (instance.scrollRect?.height ?? 0) < LOAD_MORE_PX)
        loadRef.current?.newer();
    },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const start = first?.index ?? 0;
  const end = last === undefined ? 0 : last.index + 1;
  const total = virtualizer.getTotalSize();
  const topSpacer = first === undefined ? 0 : first.start - scrollMargin;
  const bottomSpacer = last === undefined ? total : total - (last.end - scrollMargin);
  const offset = Math.min(virtualizer.scrollOffset ?? 0, scrollMargin + total);
  const fromBottom = scrollMargin + total - offset - (virtualizer.scrollRect?.height ?? 0);
  const isAtBottom = fromBottom <= STICK_TO_BOTTOM_PX;

  // The rows are the app's components, which take no ref: each rendered row is handed to the
  // library after the commit, as its ref callback would be, with the index it reads.
  useLayoutEffect(() => {
    const rendered = rowElements(listRef.current);
    rendered.forEach((element, position) => {
      const index = String(start + position);
      if (element.getAttribute("data-index") !== index) element.setAttribute("data-index", index);
      virtualizer.measureElement(element);
    });
    virtualizer.measureElement(null);
  });
  useOpenPosition(state !== undefined && !state.isLoading, rows, virtualizer);
  useMarkReadWhileScrolling(narrow, scrollerRef, listRef, items);
  usePrepareBodies(rows, { start, end });

  const goToNewest = () => {
    virtualizer.scrollToEnd();
    if (state !== undefined && !state.found_newest) jumpToNewest();
  };
  const isCaughtUp = state === undefined || state.found_newest;
  const showJump = rows.length > 0 && (!isCaughtUp || !isAtBottom);
  const notices = {
    narrow,
    state,
    hasMessages: messages.length > 0,
    isEmpty: rows.length === 0,
    isAtStart: start === 0,
    retry,
  };
  return (
    <div className="message-list">
      <div className="message-list-scroll" ref={scrollerRef}>
        <div ref={noticesRef}>
          <ListNotices {...notices} place="top" />
        </div>
        <div className="message-list-spacer" style={{ height: topSpacer }} aria-hidden="true" />
        <ol className="message-list-rows" aria-label="Messages" ref={listRef}>
          {ghostHeader(rows[start], context)}
          {elements.of(rows.slice(start, end))}
        </ol>
        <div className="message-list-spacer" style={{ height: bottomSpacer }} aria-hidden="true" />
        <ListNotices {...notices} place="bottom" />
      </div>
      {showJump && (
        <button type="button" className="jump-to-newest" onClick={goToNewest}>
          Jump to newest
        </button>
      )}
      <ActionToast />
    </div>
  );
}

/** The height of the element (0 before it is mounted), kept by a ResizeObserver. */
function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    setHeight(element.offsetHeight);
    const observer = new ResizeObserver(() => {
      setHeight(element.offsetHeight);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return height;
}

/** Once the rows are in: the first unread message at the top, else the newest at the bottom. */
function useOpenPosition(
  isLoaded: boolean,
  rows: readonly ListRow[],
  virtualizer: ReactVirtualizer<HTMLDivElement, HTMLElement>,
): void {
  const hasOpenedRef = useRef(false);
  useLayoutEffect(() => {
    if (hasOpenedRef.current || !isLoaded || rows.length === 0) return;
    hasOpenedRef.current = true;
    const index = rows.findIndex((row) => row.kind === "message" && isUnreadNow(row.message.id));
    const row = rows[index];
    if (row?.kind === "message") {
      virtualizer.scrollToIndex(index, { align: "start" });
      uiActions.selectMessage(row.message.id);
    } else {
      virtualizer.scrollToEnd();
      const newest = rows.findLast((candidate) => candidate.kind === "message");
      if (newest?.kind === "message") uiActions.selectMessage(newest.message.id);
    }
  }, [isLoaded, rows, virtualizer]);
}

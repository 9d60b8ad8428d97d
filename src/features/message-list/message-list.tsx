import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useMediaQuery } from "../../lib/media-query";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { type NarrowState, currentMessage } from "../../stores/message-store";
import { useOutboxForNarrow } from "../../stores/outbox-store";
import { useSessionStore } from "../../stores/session-store";
import { currentSelectedMessageId, uiActions, useUiStore } from "../../stores/ui-store";
import { pauseReading } from "../../stores/reading-store";
import { isUnreadNow } from "../../stores/unread-store";
import { ActionToast } from "../message-actions/action-toast";
import { useIsAdministrator } from "../message-actions/message-actions";
import { replyTo } from "../message-actions/message-commands";
import { messageOrder, outboxRows, type ListRow } from "./group-rows";
import { adjacentMessageId, indexOfId, isOwnKeysTarget, listKeyCommand } from "./list-keys";
import { ListNotices } from "./list-notices";
import { MessageRowItem } from "./message-row";
import { OutboxItem } from "./outbox-item";
import { highlightedTopic } from "../../stores/search-matches";
import { DateSeparator, RecipientHeader, type StreamLook } from "./recipient-header";
import { RowGrouping } from "./row-grouping";
import { useStickyHeaders } from "./sticky-headers";
import { useMarkReadOnScroll } from "./use-mark-read-on-scroll";
import { useNarrowMessages } from "./use-narrow-messages";
import { usePrepareBodies } from "./use-prepare-bodies";
import { useStreamLooks } from "./use-stream-looks";
import { useVirtualList } from "./use-virtual-list";
import { useLongPress } from "./use-long-press";
import { WindowElements } from "./window-elements";
import { zoomDone, zoomLeavesUnread, zoomTarget } from "./zoom-request";
import type { VirtualList } from "./virtual-list";
import "./body-emoji.css";
import "./message-list.css";
import { APP_BODY_MEDIA } from "./body-media";
import { BodyMediaContext } from "./body-media-context";
import { Lightbox } from "./lightbox";

/** Screens that cannot hover, or too narrow to: every row shows its toolbar (message-actions.css). */
const TOOLBAR_ALWAYS_QUERY = "(hover: none), (max-width: 600px)";

/** What a long press inside a row leaves to the browser: text boxes, buttons and the toolbar. */
const OWN_TOUCH_SELECTOR = "input, textarea, select, button, [contenteditable], .message-toolbar";

/**
 * A long press on a message (a phone's way to its actions, as in Zulip's apps): selects it and
 * opens its actions menu, once the selected row has its toolbar (the next frame).
 */
function openActionsOf(target: EventTarget): void {
  if (!(target instanceof Element) || target.closest(OWN_TOUCH_SELECTOR) !== null) return;
  const rows = target.closest("ol");
  const id = Number(target.closest("li[data-message-id]")?.getAttribute("data-message-id"));
  if (!Number.isSafeInteger(id) || id <= 0) return;
  uiActions.selectMessage(id);
  requestAnimationFrame(() => {
    rows
      ?.querySelector<HTMLButtonElement>(`li[data-message-id="${id}"] .message-menu-button`)
      ?.click();
  });
}

interface RowContext {
  readonly narrow: Narrow;
  readonly ownUserId: number | null;
  readonly isAdmin: boolean;
  readonly isToolbarAlways: boolean;
  readonly streams: ReadonlyMap<number, StreamLook>;
}

function streamLook(row: ListRow & { kind: "recipient" }, context: RowContext) {
  const streamId = row.message.stream_id;
  return streamId === undefined ? undefined : context.streams.get(streamId);
}

function renderRow(row: ListRow, context: RowContext): ReactNode {
  switch (row.kind) {
    case "date":
      return <DateSeparator key={row.order} order={row.order} timestamp={row.timestamp} />;
    case "recipient":
      return (
        <RecipientHeader
          key={row.order}
          message={row.message}
          order={row.order}
          stream={streamLook(row, context)}
          ownUserId={context.ownUserId}
          topicParts={highlightedTopic(context.narrow, row.message)}
        />
      );
    case "message":
      return (
        <MessageRowItem
          key={row.order}
          message={row.message}
          order={row.order}
          isGroupStart={row.isGroupStart}
          narrow={context.narrow}
          ownUserId={context.ownUserId}
          isAdmin={context.isAdmin}
          isToolbarAlways={context.isToolbarAlways}
        />
      );
    case "outbox":
      return (
        <OutboxItem
          key={row.entry.localId}
          entry={row.entry}
          narrow={context.narrow}
          order={row.order}
        />
      );
  }
}

/**
 * Renders rows through a cache of their elements, kept while the context is the same. Rows are
 * the same objects until the messages change, so a window that moves by a few rows hands React
 * the same elements for the rows it keeps: React skips them on identity, without comparing their
 * props (a fast scroll moves the window nearly every frame).
 */
function useRowElements(context: RowContext): WindowElements<ListRow, ReactNode> {
  const { narrow, ownUserId, isAdmin, isToolbarAlways, streams } = context;
  return useMemo(() => {
    const fixed = { narrow, ownUserId, isAdmin, isToolbarAlways, streams };
    return new WindowElements<ListRow, ReactNode>((row) => renderRow(row, fixed));
  }, [narrow, ownUserId, isAdmin, isToolbarAlways, streams]);
}

/** The header above the window when the window begins inside a block (its header not rendered). */
function ghostHeader(first: ListRow | undefined, context: RowContext): ReactNode {
  if (first?.kind !== "message") return null;
  const header = first.header;
  return (
    <RecipientHeader
      key={`ghost:${String(header.order)}`}
      message={header.message}
      order={header.order}
      stream={streamLook(header, context)}
      ownUserId={context.ownUserId}
      topicParts={highlightedTopic(context.narrow, header.message)}
      isGhost
    />
  );
}

/** Whether the narrow's messages are in to open at: the first fetch is in, and found some. */
function isReadyToOpen(state: NarrowState | undefined): state is NarrowState {
  return state !== undefined && !state.isLoading && state.ids.length > 0;
}

/** The row the list opens at when it mounts with the messages in: the first unread one's. */
function openingOrder(state: NarrowState | undefined): number | null {
  const firstUnread = isReadyToOpen(state) ? state.ids.find(isUnreadNow) : undefined;
  return firstUnread === undefined ? null : messageOrder(firstUnread);
}

/** On opening (once the first fetch is in): the first unread message, selected and shown. */
function useOpenPosition(state: NarrowState | undefined, list: VirtualList): void {
  const hasOpenedRef = useRef(false);
  useLayoutEffect(() => {
    if (hasOpenedRef.current || !isReadyToOpen(state)) return;
    hasOpenedRef.current = true;
    // `z` asked for a message: the list opens at it, selected, when it is among those loaded.
    const key = narrowKey(state.narrow);
    const zoom = zoomTarget(key);
    const leavesUnread = zoomLeavesUnread(key);
    zoomDone(key);
    if (zoom !== null && indexOfId(state.ids, zoom) >= 0) {
      list.openAt(messageOrder(zoom));
      uiActions.selectMessage(zoom);
      // As Zulip's zoomed view: what is seen here stays unread, until the list closes.
      if (leavesUnread) pauseReading(state.narrow);
      return;
    }
    const firstUnread = state.ids.find(isUnreadNow);
    list.openAt(firstUnread === undefined ? null : messageOrder(firstUnread));
    const selected = currentSelectedMessageId();
    if (selected === null || indexOfId(state.ids, selected) < 0) {
      uiActions.selectMessage(firstUnread ?? state.ids[state.ids.length - 1] ?? null);
    }
  }, [state, list]);
}

interface KeyContext {
  readonly ids: readonly number[];
  readonly list: VirtualList;
  readonly ownUserId: number | null;
  readonly goToNewest: () => void;
}

/**
 * Goes to the newest messages each time a message is sent to this narrow (`requestShowNewest`),
 * so the one just sent is seen even from far up the history; not for the requests made before
 * the list opened.
 */
function useShowNewestOnRequest(goToNewest: () => void): void {
  const sequence = useUiStore((state) => state.showNewestSequence);
  const seen = useRef(sequence);
  const go = useEffectEvent(goToNewest);
  useEffect(() => {
    if (sequence === seen.current) return;
    seen.current = sequence;
    go();
  }, [sequence]);
}

/** The list's keys (see `listKeyCommand`): select, jump to either end, scroll, edit. */
function handleListKey(event: KeyboardEvent<HTMLElement>, context: KeyContext): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const command = listKeyCommand(event.key);
  if (command === null || isOwnKeysTarget(event.target, event.key)) return;
  const selected = currentSelectedMessageId();
  const message = selected === null ? undefined : currentMessage(selected);
  switch (command) {
    case "next":
    case "previous": {
      const step = command === "next" ? 1 : -1;
      const next = adjacentMessageId(
        context.ids,
        selected,
        step,
        context.list.firstVisibleMessageId(),
      );
      if (next === undefined) return;
      uiActions.selectMessage(next);
      context.list.revealOrder(messageOrder(next), { align: "nearest", focus: true });
      break;
    }
    case "newest": {
      context.goToNewest();
      const last = context.ids[context.ids.length - 1];
      if (last !== undefined) uiActions.selectMessage(last);
      break;
    }
    case "oldest": {
      const first = context.ids[0];
      if (first === undefined) return;
      uiActions.selectMessage(first);
      context.list.revealOrder(messageOrder(first), { align: "top", focus: true });
      break;
    }
    case "page-down":
    case "page-up": {
      // Most of a screen, as the browser's own PgDn, whatever has the focus in the list.
      const scroller = event.currentTarget;
      const page = scroller.clientHeight * 0.9;
      scroller.scrollBy({ top: command === "page-down" ? page : -page });
      break;
    }
    case "edit":
      if (message === undefined || message.sender_id !== context.ownUserId) return;
      uiActions.startEditing(message.id);
      break;
    case "edit-last": {
      const ownUserId = context.ownUserId;
      const last = context.ids.findLast((id) => currentMessage(id)?.sender_id === ownUserId);
      if (last === undefined) return;
      uiActions.selectMessage(last);
      context.list.revealOrder(messageOrder(last), { align: "nearest", focus: false });
      uiActions.startEditing(last);
      break;
    }
    case "reply":
      // Enter on the selected row itself; on a control inside it, the control's own Enter.
      if (!(event.target instanceof HTMLElement) || event.target.tagName !== "ARTICLE") return;
      if (message === undefined || context.ownUserId === null) return;
      replyTo(message, context.ownUserId);
      break;
  }
  event.preventDefault();
}

/**
 * The messages of the current narrow, oldest at the top, newest at the bottom, live, followed by
 * the user's messages still on their way out. Virtualized: only a window of rows is in the DOM
 * (see `VirtualList`); older messages load while scrolling up without moving what is on screen;
 * a new message never moves what the user is reading. Opens at the first unread message; marks
 * messages read as they are seen; highlights a search's words.
 */
export function MessageList({ narrow }: { narrow: Narrow }) {
  const { messages, state, retry, loadOlder, loadNewer, jumpToNewest } = useNarrowMessages(narrow);
  const outbox = useOutboxForNarrow(narrow);
  const ownUserId = useSessionStore((session) => session.credentials?.userId ?? null);
  const streams = useStreamLooks();
  const isAdmin = useIsAdministrator();
  const isToolbarAlways = useMediaQuery(TOOLBAR_ALWAYS_QUERY);
  const [grouping] = useState(() => new RowGrouping());
  const messageRows = useMemo(() => grouping.of(messages), [grouping, messages]);
  const rows = useMemo(
    () => (outbox.length === 0 ? messageRows : [...messageRows, ...outboxRows(outbox)]),
    [messageRows, outbox],
  );
  const canLoad = state !== undefined && state.error === null;
  const { list, range, isAtBottom, scrollerRef, rowsRef, topSpacerRef, bottomSpacerRef, onScroll } =
    useVirtualList(
      rows,
      {
        hasNewest: state?.found_newest ?? true,
        onNearTop: () => {
          if (canLoad && !state.found_oldest && !state.loadingOlder) loadOlder();
        },
        onNearBottom: () => {
          if (canLoad && !state.found_newest && !state.loadingNewer) loadNewer();
        },
      },
      () => openingOrder(state),
    );
  useOpenPosition(state, list);
  useMarkReadOnScroll(narrow, list);
  useStickyHeaders(list);
  usePrepareBodies(rows, range);

  const goToNewest = () => {
    list.jumpToBottom();
    if (state !== undefined && !state.found_newest) jumpToNewest();
  };
  useShowNewestOnRequest(goToNewest);
  const context: RowContext = { narrow, ownUserId, isAdmin, isToolbarAlways, streams };
  const rowElements = useRowElements(context);
  const ids = state?.ids ?? [];
  const isCaughtUp = state === undefined || state.found_newest;
  const showJump = rows.length > 0 && (!isCaughtUp || !isAtBottom);
  const longPress = useLongPress(openActionsOf);

  return (
    <BodyMediaContext value={APP_BODY_MEDIA}>
      <div className="message-list">
        <Lightbox />
        <div
          className="message-list-scroll"
          ref={scrollerRef}
          onScroll={onScroll}
          onKeyDown={(event) => {
            handleListKey(event, { ids, list, ownUserId, goToNewest });
          }}
        >
          <ListNotices
            narrow={narrow}
            state={state}
            hasMessages={messages.length > 0}
            isEmpty={rows.length === 0}
            isAtStart={range.start === 0}
            retry={retry}
            place="top"
          />
          <div className="message-list-spacer" ref={topSpacerRef} aria-hidden="true" />
          <ol className="message-list-rows" aria-label="Messages" ref={rowsRef} {...longPress}>
            {ghostHeader(rows[range.start], context)}
            {rowElements.of(rows.slice(range.start, range.end))}
          </ol>
          <div className="message-list-spacer" ref={bottomSpacerRef} aria-hidden="true" />
          <ListNotices
            narrow={narrow}
            state={state}
            hasMessages={messages.length > 0}
            isEmpty={rows.length === 0}
            isAtStart={range.start === 0}
            retry={retry}
            place="bottom"
          />
        </div>
        {showJump && (
          <button type="button" className="jump-to-newest" onClick={goToNewest}>
            Jump to newest
          </button>
        )}
        <ActionToast />
      </div>
    </BodyMediaContext>
  );
}

// What the bench's @tanstack/react-virtual list (`virtual-message-list.tsx`) renders and does
// besides windowing, as the app's `MessageList` does it: the app's row components, its element
// cache, the ghost header, and marking messages read as they are seen. Copied from
// message-list.tsx and use-mark-read-on-scroll.ts (there they are private to the list, or
// typed to its `VirtualList`), so that only the windowing differs between the two lists.
import { useEffect, useMemo, type ReactNode, type RefObject } from "react";
import type { Narrow } from "../../src/lib/narrow";
import { markMessagesAsRead } from "../../src/controllers/mark-read";
import type { ListRow } from "../../src/features/message-list/group-rows";
import { MessageRowItem } from "../../src/features/message-list/message-row";
import { OutboxItem } from "../../src/features/message-list/outbox-item";
import { createReadBatcher } from "../../src/features/message-list/read-batcher";
import {
  DateSeparator,
  RecipientHeader,
  type StreamLook,
} from "../../src/features/message-list/recipient-header";
import { isRowElement, visibleMessageIds } from "../../src/features/message-list/row-elements";
import { WindowElements } from "../../src/features/message-list/window-elements";
import { isReadingPaused, resumeReading } from "../../src/stores/reading-store";
import { useSessionStore } from "../../src/stores/session-store";
import { isUnreadNow } from "../../src/stores/unread-store";

export interface RowContext {
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

/** The app's cache of row elements (`useRowElements` in message-list.tsx). */
export function useRowElements(context: RowContext): WindowElements<ListRow, ReactNode> {
  const { narrow, ownUserId, isAdmin, isToolbarAlways, streams } = context;
  return useMemo(() => {
    const fixed = { narrow, ownUserId, isAdmin, isToolbarAlways, streams };
    return new WindowElements<ListRow, ReactNode>((row) => renderRow(row, fixed));
  }, [narrow, ownUserId, isAdmin, isToolbarAlways, streams]);
}

/** The header above the window when the window begins inside a block (as the app's list). */
export function ghostHeader(first: ListRow | undefined, context: RowContext): ReactNode {
  if (first?.kind !== "message") return null;
  const header = first.header;
  return (
    <RecipientHeader
      key={`ghost:${String(header.order)}`}
      message={header.message}
      order={header.order}
      stream={streamLook(header, context)}
      ownUserId={context.ownUserId}
      isGhost
    />
  );
}

/** The rendered rows of the list (the ghost header aside), in order. */
export function rowElements(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.children ?? [])].filter(isRowElement);
}

/**
 * The size estimates of rows never measured (px): react-virtual keeps them fixed (a changing
 * estimate would move every unmeasured row above the view without anchoring it), so they are
 * the averages of these rows as laid out on the bench page (1280 px wide), not guesses (the
 * outbox's is the app's first guess: the bench has no outbox).
 */
const ROW_ESTIMATES = { date: 37, recipient: 42, start: 86, compact: 56, outbox: 70 };

export function estimateRow(row: ListRow | undefined): number {
  switch (row?.kind) {
    case "date":
      return ROW_ESTIMATES.date;
    case "recipient":
      return ROW_ESTIMATES.recipient;
    case "message":
      return row.isGroupStart ? ROW_ESTIMATES.start : ROW_ESTIMATES.compact;
    case "outbox":
    case undefined:
      return ROW_ESTIMATES.outbox;
  }
}

const CHECK_INTERVAL_MS = 150;

/**
 * The app's marking read as messages are seen (`useMarkReadOnScroll`), looking at the rows
 * after a scroll or a render (`renders` changes with every render) at most every 150 ms.
 */
export function useMarkReadWhileScrolling(
  narrow: Narrow,
  scrollerRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  renders: unknown,
): void {
  const client = useSessionStore((session) => session.client);
  const check = useMemo(() => {
    const batcher = createReadBatcher({
      flush: (ids) => markMessagesAsRead(client, ids),
      isWanted: isUnreadNow,
    });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = (): void => {
      timer = null;
      const scroller = scrollerRef.current;
      if (scroller === null || document.hidden || !document.hasFocus()) return;
      if (isReadingPaused(narrow)) return;
      batcher.add(visibleMessageIds(scroller, rowElements(listRef.current)).filter(isUnreadNow));
    };
    return {
      schedule: () => {
        timer ??= setTimeout(run, CHECK_INTERVAL_MS);
      },
      dispose: () => {
        if (timer !== null) clearTimeout(timer);
        batcher.flushNow();
        batcher.dispose();
        resumeReading();
      },
    };
  }, [client, narrow, scrollerRef, listRef]);
  useEffect(() => {
    const scroller = scrollerRef.current;
    scroller?.addEventListener("scroll", check.schedule, { passive: true });
    window.addEventListener("focus", check.schedule);
    return () => {
      scroller?.removeEventListener("scroll", check.schedule);
      window.removeEventListener("focus", check.schedule);
      check.dispose();
    };
  }, [check, scrollerRef]);
  useEffect(() => {
    check.schedule();
  }, [check, renders]);
}

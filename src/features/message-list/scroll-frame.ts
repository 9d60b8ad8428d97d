import { lowerBound, type ListRow } from "./group-rows";
import type { ListLayout } from "./list-layout";
import { isMessageElement } from "./row-elements";
import type { Anchor, ScrollFrame, ScrollIntent } from "./scroll-plan";

/** The view in the model's coordinates after a change (computed, not read again). */
export interface View {
  /** The view's top, from the first row's top. */
  readonly top: number;
  readonly height: number;
  readonly scrollTop: number;
  readonly fromBottom: number;
}

/** Everything a change needs from the scroller, read before anything is written. */
export function readFrame(
  scroller: HTMLElement,
  topSpacer: HTMLElement | null,
  stickyHeight: number,
): ScrollFrame {
  const viewTop = scroller.getBoundingClientRect().top;
  const scrollTop = scroller.scrollTop;
  const spacerTop = topSpacer?.getBoundingClientRect().top;
  return {
    scrollTop,
    clientHeight: scroller.clientHeight,
    scrollHeight: scroller.scrollHeight,
    modelTop: spacerTop === undefined ? 0 : spacerTop - viewTop + scrollTop,
    stickyHeight,
  };
}

/** The view once the scroller is at `scrollTop` with content `scrollHeight` high. */
export function viewOf(frame: ScrollFrame, scrollTop: number, scrollHeight: number): View {
  return {
    top: scrollTop - frame.modelTop,
    height: frame.clientHeight,
    scrollTop,
    fromBottom: scrollHeight - scrollTop - frame.clientHeight,
  };
}

/** What the list knows when it decides where the view goes. */
export interface IntentInput {
  readonly viewTop: number;
  readonly elements: ReadonlyMap<number, HTMLElement>;
  readonly rows: readonly ListRow[];
  readonly layout: ListLayout;
  readonly reveal: { readonly order: number; readonly align: "top" | "nearest" } | null;
  readonly isFollowing: boolean;
  readonly anchor: Anchor | null;
}

/** Where the view should go now: a row to reveal, the bottom, or where it is (reads only). */
export function scrollIntent(input: IntentInput): ScrollIntent {
  const { reveal, anchor, elements, viewTop } = input;
  const revealed = reveal === null ? undefined : elements.get(reveal.order);
  if (reveal !== null && revealed !== undefined) {
    const box = revealed.getBoundingClientRect();
    return {
      kind: "reveal",
      order: reveal.order,
      align: reveal.align,
      box: { top: box.top - viewTop, bottom: box.bottom - viewTop },
    };
  }
  // A row to reveal that is not rendered yet: stay put until it is.
  if (reveal === null && input.isFollowing) return { kind: "follow" };
  const element = anchor === null ? undefined : elements.get(anchor.order);
  const index = anchor === null ? 0 : lowerBound(input.rows, anchor.order);
  return {
    kind: "anchor",
    anchor,
    currentOffset:
      element === undefined ? undefined : element.getBoundingClientRect().top - viewTop,
    modelOffset: input.layout.offsetOf(Math.min(index, Math.max(0, input.rows.length - 1))),
  };
}

/**
 * The first message row reaching into the view, and where it is. Only message rows: a header
 * or date separator at the top of a block moves to the new first message when older ones of
 * the same day and topic come before it. When no rendered row is in the view (a fast scroll
 * into the spacers), the model's first message row there: it is rendered next.
 */
export function findAnchor(
  viewTop: number,
  frame: ScrollFrame,
  elements: ReadonlyMap<number, HTMLElement>,
  rows: readonly ListRow[],
  layout: ListLayout,
): Anchor | null {
  const viewBottom = viewTop + frame.clientHeight;
  for (const [order, element] of elements) {
    if (!isMessageElement(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.bottom <= viewTop + 1) continue;
    // The first message below the top is not in view: the view is over a spacer.
    if (rect.top >= viewBottom) break;
    return { order, offset: rect.top - viewTop };
  }
  let index = layout.indexAt(frame.scrollTop - frame.modelTop);
  while (index < rows.length - 1 && !isMessageRow(rows[index])) index++;
  const row = rows[index];
  return row === undefined
    ? null
    : { order: row.order, offset: frame.modelTop + layout.offsetOf(index) - frame.scrollTop };
}

function isMessageRow(row: ListRow | undefined): boolean {
  return row?.kind === "message" || row?.kind === "outbox";
}

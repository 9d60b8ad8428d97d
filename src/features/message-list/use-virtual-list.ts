import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import type { ListRow } from "./group-rows";
import type { RowRange } from "./list-layout";
import { DEFAULT_LIMITS } from "./list-layout";
import { resolveWindow, VirtualList, type VirtualListOptions } from "./virtual-list";
import { openingWindow } from "./virtual-window";

/** What the list's component attaches and renders. */
export interface VirtualListBinding {
  readonly list: VirtualList;
  /** The rows to render now. */
  readonly range: RowRange;
  readonly isAtBottom: boolean;
  readonly scrollerRef: (element: HTMLElement | null) => void;
  readonly rowsRef: (element: HTMLElement | null) => void;
  readonly topSpacerRef: (element: HTMLElement | null) => void;
  readonly bottomSpacerRef: (element: HTMLElement | null) => void;
  readonly onScroll: () => void;
}

/**
 * Disposes the list when the component unmounts. In its own function so that the cleanup
 * closure, kept from the first render until unmount, shares a scope with nothing else: a closure
 * made in `useVirtualList` would share that render's scope with the layout effects and keep its
 * `rows` and `options` (and through them the first render's messages) alive as long as the list.
 */
function useDisposeOnUnmount(list: VirtualList): void {
  useEffect(
    () => () => {
      list.dispose();
    },
    [list],
  );
}

/**
 * Windowing for `rows`: the controller, the range of rows to render now, whether the reader is
 * at the bottom, and the refs and scroll handler to attach. `openingOrder`, asked once on
 * mounting: the row the list will open at if it is known already (null: the newest rows). Every render is reported to the
 * controller before the browser paints, so spacers and the scroll position are set in the
 * same frame as the rows.
 */
export function useVirtualList(
  rows: readonly ListRow[],
  options: VirtualListOptions,
  openingOrder: () => number | null = () => null,
): VirtualListBinding {
  const [list] = useState(() => {
    const order = openingOrder();
    const first = order === null ? undefined : openingWindow(rows, order, window.innerHeight);
    return new VirtualList(DEFAULT_LIMITS, first);
  });
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);
  const range = resolveWindow(rows, snapshot.window);
  useLayoutEffect(() => {
    list.configure(options);
  });
  useLayoutEffect(() => {
    list.commit(rows, range);
  });
  useDisposeOnUnmount(list);
  return {
    list,
    range,
    isAtBottom: snapshot.isAtBottom,
    scrollerRef: list.setScroller,
    rowsRef: list.setList,
    topSpacerRef: list.setTopSpacer,
    bottomSpacerRef: list.setBottomSpacer,
    onScroll: list.handleScroll,
  };
}

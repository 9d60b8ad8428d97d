import {
  firstMessageBelow,
  isRowElement,
  stickyHeaderHeight,
  visibleMessageIds,
  type RowObserver,
} from "./row-elements";

/**
 * The elements a `VirtualList` works on: the scroller, the rows' list, the two spacers (their
 * heights written here only: React never sets them) and the rendered rows by order.
 */
export class ListElements {
  scroller: HTMLElement | null = null;
  list: HTMLElement | null = null;
  topSpacer: HTMLElement | null = null;
  private bottomSpacer: HTMLElement | null = null;
  /** The heights last written to the spacers. */
  spacerHeights = { top: 0, bottom: 0 };
  /** The rendered rows, by order (as of the last `syncRows`). */
  readonly rows = new Map<number, HTMLElement>();

  readonly setScroller = (element: HTMLElement | null): void => {
    this.scroller = element;
  };
  readonly setList = (element: HTMLElement | null): void => {
    this.list = element;
  };
  readonly setTopSpacer = (element: HTMLElement | null): void => {
    if (element !== this.topSpacer) this.spacerHeights = { ...this.spacerHeights, top: 0 };
    this.topSpacer = element;
  };
  readonly setBottomSpacer = (element: HTMLElement | null): void => {
    if (element !== this.bottomSpacer) this.spacerHeights = { ...this.spacerHeights, bottom: 0 };
    this.bottomSpacer = element;
  };

  writeSpacers(top: number, bottom: number): void {
    if (this.topSpacer !== null && top !== this.spacerHeights.top) {
      this.topSpacer.style.height = `${top}px`;
    }
    if (this.bottomSpacer !== null && bottom !== this.spacerHeights.bottom) {
      this.bottomSpacer.style.height = `${bottom}px`;
    }
    this.spacerHeights = { top, bottom };
  }

  /**
   * Maps the rendered rows and has `observer` watch new ones; true when there were new ones.
   * `later`: resize observations are being delivered (see `RowObserver.watch`).
   */
  syncRows(observer: RowObserver, later: boolean): boolean {
    this.rows.clear();
    for (const element of this.list?.children ?? []) {
      if (isRowElement(element)) this.rows.set(Number(element.dataset["order"]), element);
    }
    // The view itself changes size too (the compose box grows, the window is resized): the
    // reader at the bottom stays there, anyone else keeps their place.
    const scroller = this.scroller === null ? [] : [this.scroller];
    return observer.watch([...scroller, ...this.rows.values()], later);
  }

  /** The ids of the messages the reader can see now (each at least half, or its bottom). */
  visibleMessageIds(): number[] {
    return this.scroller === null ? [] : visibleMessageIds(this.scroller, this.rows.values());
  }

  /** The first message at least partly below the sticky header, if any is rendered. */
  firstVisibleMessageId(): number | undefined {
    if (this.scroller === null) return undefined;
    const top = this.scroller.getBoundingClientRect().top + stickyHeaderHeight(this.list);
    return firstMessageBelow(this.rows.values(), top);
  }
}

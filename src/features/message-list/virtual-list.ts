import { FirstPaint } from "./after-paint";
import { ListElements } from "./list-elements";
import { lowerBound, type ListRow } from "./group-rows";
import { DEFAULT_LIMITS, ListLayout, type RowRange, type WindowLimits } from "./list-layout";
import { isRowElement, RowObserver, stickyHeaderHeight } from "./row-elements";
import { findAnchor, readFrame, scrollIntent, viewOf, type View } from "./scroll-frame";
import { planScroll, type Anchor, type ScrollFrame } from "./scroll-plan";
import { SpacerDrift } from "./spacer-drift";
import {
  coveringRange,
  FIRST_PAINT_LIMITS,
  RewindowGuard,
  SnapshotStore,
  windowOf,
  type RevealOptions,
  type VirtualListOptions,
  type VirtualSnapshot,
  type WindowSpec,
} from "./virtual-window";

export {
  resolveWindow,
  type RevealOptions,
  type VirtualListOptions,
  type VirtualSnapshot,
  type WindowSpec,
} from "./virtual-window";

/** Within this distance (px) of the bottom the reader is "at the newest": new rows scroll in. */
const STICK_TO_BOTTOM_PX = 80;
/** Within this distance (px) of either end the next batch loads: a screen or two ahead. */
const LOAD_MORE_PX = 1500;

/**
 * The message list's windowing, outside React: which rows to render, spacers standing in for
 * the others, and where the scroll position goes. React renders the window it publishes
 * (`subscribe`/`getSnapshot`) and reports each commit (`commit`).
 *
 * Anchoring is by measurement: it remembers the first message at the top of the view and its
 * distance from the top; after a render, a resize (an image loading) or a window change it
 * puts that message back at the same distance. Estimates of rows never rendered can be wrong
 * without the view moving, and prepending older messages, which changes every index, changes
 * nothing on screen. Each change reads the DOM once, then writes spacers and scroll position
 * once (`planScroll`), so the browser lays the list out once.
 *
 * While the reader scrolls, what an estimate got wrong is taken up by the top spacer rather
 * than by the scroll position (`SpacerDrift`): the rows already rendered keep their place in the
 * scroller's content as well as on screen, so the browser repaints and rasterises only the
 * rows that are new, not every row in view on every frame.
 */
export class VirtualList {
  private readonly dom = new ListElements();
  private readonly drift = new SpacerDrift();
  private readonly layout = new ListLayout();
  private rows: readonly ListRow[] = [];
  private range: RowRange = { start: 0, end: 0 };
  private readonly published: SnapshotStore;
  private readonly viewportListeners = new Set<() => void>();
  private anchor: Anchor | null = null;
  /**
   * The scroll position the anchor was taken at (or last written). A scroll made in an
   * animation frame (a script's, a key's) fires its event only in the next frame, after this
   * frame's resize observations: until then the anchor is one scroll behind, and putting it
   * back would undo the scroll.
   */
  private anchorScrollTop = 0;
  /** The reader is at the newest row: keep the view at the bottom as rows come. */
  private isFollowing = true;
  /** "Jump to newest" asked for messages not loaded yet: follow once they are. */
  private isWaitingForNewest = false;
  private reveal: ({ order: number } & RevealOptions) | null = null;
  private options: VirtualListOptions = {
    hasNewest: true,
    onNearTop: () => undefined,
    onNearBottom: () => undefined,
  };
  private readonly observer = new RowObserver((entries) => {
    this.onResize(entries);
  });
  private readonly rewindowGuard = new RewindowGuard();
  /** A commit left its settling to the next resize observation. */
  private needsSettle = false;
  /**
   * Resize observations are being delivered (until the next microtask): rows rendered now
   * would only be observed in the next frame, so their commit settles at once.
   */
  private isDeliveringResizes = false;
  /** Until the first rows are painted the window is small; the full one follows at once. */
  private readonly firstPaint = new FirstPaint();

  /** `firstWindow`: the rows of the first render when not the newest (where the list opens). */
  constructor(
    private readonly limits: WindowLimits = DEFAULT_LIMITS,
    firstWindow: WindowSpec = { kind: "end", count: FIRST_PAINT_LIMITS.minRows },
  ) {
    this.published = new SnapshotStore(firstWindow);
    this.subscribe = this.published.subscribe;
    this.getSnapshot = this.published.get;
  }

  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => VirtualSnapshot;

  /** Calls `listener` whenever what is on screen may have changed (scroll, render, resize). */
  onViewportChange(listener: () => void): () => void {
    this.viewportListeners.add(listener);
    return () => this.viewportListeners.delete(listener);
  }

  readonly setScroller = this.dom.setScroller;
  readonly setList = this.dom.setList;
  readonly setTopSpacer = this.dom.setTopSpacer;
  readonly setBottomSpacer = this.dom.setBottomSpacer;

  /** The scrolling element, once mounted. */
  get scrollElement(): HTMLElement | null {
    return this.dom.scroller;
  }

  configure(options: VirtualListOptions): void {
    this.options = options;
  }

  /** After every render: these rows, of which `range` is in the DOM now. */
  commit(rows: readonly ListRow[], range: RowRange): void {
    if (rows !== this.rows) {
      this.rows = rows;
      this.layout.setRows(rows);
    }
    this.range = range;
    const hasNewRows = this.dom.syncRows(this.observer, this.isDeliveringResizes);
    this.dom.writeSpacers(
      this.drift.spacerForRender(range.start, this.layout.offsetOf(range.start)),
      this.layout.totalHeight - this.layout.offsetOf(range.end),
    );
    if (hasNewRows && this.observer.isActive && !this.isDeliveringResizes) {
      // New rows: the browser lays them out anyway before painting, and the observer reports
      // their sizes right after, still before the paint. Settling there, not here, spares a
      // forced layout in the middle of the render.
      this.needsSettle = true;
    } else {
      this.settle();
    }
    if (!this.firstPaint.isDone && rows.length > 0) {
      this.firstPaint.await(() => {
        this.settle();
      });
    }
  }

  readonly handleScroll = (): void => {
    const scroller = this.dom.scroller;
    if (scroller === null) return;
    if (this.needsSettle) {
      // A render is waiting for its sizes, and scroll events come before them in a frame: put
      // the anchor back first, or it would be recorded where the new rows pushed it.
      this.needsSettle = false;
      this.settle();
    }
    const frame = this.frame(scroller);
    const view = viewOf(frame, frame.scrollTop, frame.scrollHeight);
    if (!this.isWaitingForNewest) {
      // A reader who follows stops only by scrolling away from the bottom: at the bottom of
      // what is rendered with newer rows still to render (the newest batch replaced the rows
      // and the browser clamped the scroll position before React rendered their end), the
      // next settle renders them.
      const isStillFollowing = this.isFollowing && view.fromBottom < STICK_TO_BOTTOM_PX;
      this.isFollowing = this.isAtEnd(view) || isStillFollowing;
    }
    const viewTop = scroller.getBoundingClientRect().top;
    this.anchor = findAnchor(viewTop, frame, this.dom.rows, this.rows, this.layout);
    this.anchorScrollTop = frame.scrollTop;
    this.afterMove(view);
  };

  /** Shows the row of `order` (rendering it first if needed). */
  revealOrder(order: number, options: RevealOptions): void {
    this.reveal = { order, ...options };
    this.isFollowing = false;
    this.isWaitingForNewest = false;
    this.settle();
  }

  /** Goes to the newest row and follows new ones (after they load, if they are not loaded). */
  jumpToBottom(): void {
    this.reveal = null;
    this.isFollowing = true;
    this.isWaitingForNewest = !this.options.hasNewest;
    this.published.setWindow({ kind: "end", count: this.currentLimits().minRows });
    this.settle();
  }

  /** Where the list opens: at the row of `order` (the first unread), or at the bottom. */
  openAt(order: number | null): void {
    if (order === null) this.jumpToBottom();
    else this.revealOrder(order, { align: "top", focus: false });
  }

  /** The ids of the messages the reader can see now (each at least half, or its bottom). */
  visibleMessageIds(): number[] {
    return this.dom.visibleMessageIds();
  }

  /** The first message at least partly below the sticky header, if any is rendered. */
  firstVisibleMessageId(): number | undefined {
    return this.dom.firstVisibleMessageId();
  }

  dispose(): void {
    this.observer.disconnect();
  }

  private currentLimits(): WindowLimits {
    return this.firstPaint.isDone ? this.limits : FIRST_PAINT_LIMITS;
  }

  private isAtEnd(view: View): boolean {
    return view.fromBottom < STICK_TO_BOTTOM_PX && this.range.end >= this.rows.length;
  }

  private frame(scroller: HTMLElement): ScrollFrame {
    const stickyHeight = this.reveal === null ? 0 : stickyHeaderHeight(this.dom.list);
    const frame = readFrame(scroller, this.dom.topSpacer, stickyHeight);
    // The model's origin sits `drift` above the spacer's top.
    const drift = this.drift.value;
    return drift === 0 ? frame : { ...frame, modelTop: frame.modelTop - drift };
  }

  private indexOfOrder(order: number): number | undefined {
    const index = lowerBound(this.rows, order);
    return this.rows[index]?.order === order ? index : undefined;
  }

  private onResize(entries: readonly ResizeObserverEntry[]): void {
    this.isDeliveringResizes = true;
    let hasChanged = this.needsSettle;
    this.needsSettle = false;
    for (const entry of entries) {
      const element = entry.target;
      if (element === this.dom.scroller) hasChanged = true;
      if (!isRowElement(element)) continue;
      const index = this.indexOfOrder(Number(element.dataset["order"]));
      if (index === undefined) continue;
      const height = entry.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
      hasChanged = this.layout.measure(index, height) || hasChanged;
    }
    if (hasChanged) this.settle();
    // Queued after any render the settling asked for (React renders in a microtask), so
    // that render still counts as "during delivery".
    queueMicrotask(() => {
      this.isDeliveringResizes = false;
    });
  }

  /** Spacers, scroll position, window, anchor, loading: everything after a change. */
  private settle(): void {
    const scroller = this.dom.scroller;
    if (scroller === null) return;
    if (this.isWaitingForNewest && this.options.hasNewest) {
      this.isWaitingForNewest = false;
      this.isFollowing = true;
    }
    const frame = this.frame(scroller);
    const anchor = this.anchor;
    const isReading = !this.isFollowing && !this.isWaitingForNewest && this.reveal === null;
    if (isReading && anchor !== null && frame.scrollTop !== this.anchorScrollTop) {
      // Scrolled since the anchor was taken: it moved with the scroll.
      this.anchor = { ...anchor, offset: anchor.offset - (frame.scrollTop - this.anchorScrollTop) };
    }
    const intent = scrollIntent({
      viewTop: scroller.getBoundingClientRect().top,
      elements: this.dom.rows,
      rows: this.rows,
      layout: this.layout,
      reveal: this.reveal,
      isFollowing: this.isFollowing && this.options.hasNewest,
      anchor: this.anchor,
    });
    const driftBefore = this.drift.value;
    const top = this.drift.spacerForSettle(
      this.range.start,
      this.layout.offsetOf(this.range.start),
      this.dom.spacerHeights.top,
      intent,
    );
    // The model's origin once the spacer is written (its top stays where it is).
    const after = { ...frame, modelTop: frame.modelTop + driftBefore - this.drift.value };
    const bottom = this.layout.totalHeight - this.layout.offsetOf(this.range.end);
    const plan = planScroll(
      after,
      top - this.dom.spacerHeights.top,
      bottom - this.dom.spacerHeights.bottom,
      intent,
    );
    // Writes only from here on.
    this.dom.writeSpacers(top, bottom);
    if (Math.abs(plan.scrollTop - frame.scrollTop) >= 0.5) scroller.scrollTop = plan.scrollTop;
    if (plan.anchor !== undefined) this.anchor = plan.anchor;
    this.anchorScrollTop = plan.scrollTop;
    const view = viewOf(after, plan.scrollTop, plan.scrollHeight);
    if (intent.kind === "reveal") this.finishReveal(view);
    if (intent.kind === "follow" && this.range.end < this.rows.length) {
      this.published.setWindow({ kind: "end", count: this.currentLimits().minRows });
    }
    this.afterMove(view);
  }

  private finishReveal(view: View): void {
    const reveal = this.reveal;
    if (reveal === null) return;
    this.reveal = null;
    if (reveal.focus) {
      this.dom.rows.get(reveal.order)?.querySelector("article")?.focus({ preventScroll: true });
    }
    this.isFollowing = this.isAtEnd(view) && this.options.hasNewest;
  }

  /** After the view moved (or may have): window, "at the bottom", loading, listeners. */
  private afterMove(view: View): void {
    this.ensureCoverage(view);
    const isAtBottom = this.isAtEnd(view);
    this.published.setAtBottom(isAtBottom);
    if (!this.isWaitingForNewest && this.reveal === null) {
      if (view.scrollTop < LOAD_MORE_PX) this.options.onNearTop();
      if (view.fromBottom < LOAD_MORE_PX) this.options.onNearBottom();
    }
    for (const listener of this.viewportListeners) listener();
  }

  /** Renders other rows when the view (or a row to reveal) is outside what is rendered. */
  private ensureCoverage(view: View): void {
    const wanted = coveringRange({
      layout: this.layout,
      rows: this.rows,
      range: this.range,
      view,
      revealOrder: this.reveal?.order,
      limits: this.currentLimits(),
    });
    if (wanted === undefined || !this.rewindowGuard.allow()) return;
    const window = windowOf(this.rows, wanted);
    if (window !== undefined) this.published.setWindow(window);
  }
}

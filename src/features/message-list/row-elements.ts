// The rendered rows as the windowing sees them in the DOM: `li` elements carrying their row's
// `data-order`; message rows also `data-message-id` (or `data-local-id` for the outbox).

/** A message counts as seen when this much of it is visible (or its bottom is). */
const SEEN_FRACTION = 0.5;

/** Whether the element is a rendered row (it has the row's order). */
export function isRowElement(element: Element): element is HTMLElement {
  return element instanceof HTMLElement && element.dataset["order"] !== undefined;
}

/** Whether the row shows a message (or an outbox message), not a header or date separator. */
export function isMessageElement(element: HTMLElement): boolean {
  return element.dataset["messageId"] !== undefined || element.dataset["localId"] !== undefined;
}

/** The height of the sticky recipient header at the top of the list (0 when none). */
export function stickyHeaderHeight(list: HTMLElement | null): number {
  const header = list?.querySelector("[data-sticky]");
  return header instanceof HTMLElement ? header.getBoundingClientRect().height : 0;
}

/** The ids of the messages visible in `scroller`: each at least half, or its bottom. */
export function visibleMessageIds(scroller: HTMLElement, rows: Iterable<HTMLElement>): number[] {
  const top = scroller.getBoundingClientRect().top;
  const bottom = top + scroller.clientHeight;
  const ids: number[] = [];
  for (const element of rows) {
    const id = element.dataset["messageId"];
    if (id === undefined) continue;
    const rect = element.getBoundingClientRect();
    const visible = Math.min(rect.bottom, bottom) - Math.max(rect.top, top);
    const isBottomVisible = rect.bottom > top && rect.bottom <= bottom + 1;
    if (visible > 0 && (visible >= rect.height * SEEN_FRACTION || isBottomVisible)) {
      ids.push(Number(id));
    }
  }
  return ids;
}

/** The first message (rows in order) reaching below `top` (a viewport y), if any. */
export function firstMessageBelow(rows: Iterable<HTMLElement>, top: number): number | undefined {
  for (const element of rows) {
    const id = element.dataset["messageId"];
    if (id !== undefined && element.getBoundingClientRect().bottom > top) return Number(id);
  }
  return undefined;
}

/**
 * Watches rendered rows (and the scroller) for size changes: observes each new element once,
 * forgets elements that left the page. Without ResizeObserver (jsdom) it watches nothing.
 *
 * Rows rendered while the observer delivers sizes (`later`) are observed at the next animation
 * frame instead. Observed at once, their first size would be due in the same delivery at a
 * depth already delivered: the browser keeps it for the next frame anyway and reports "loop
 * completed with undelivered notifications" as an error on the page, once per such render.
 * Observed in the next frame's callbacks, it comes in that frame's delivery, as before.
 */
export class RowObserver {
  private observer: ResizeObserver | null = null;
  private readonly observed = new Set<HTMLElement>();
  /** Elements to observe at the next animation frame. */
  private readonly pending = new Set<HTMLElement>();
  private cancelFrame: (() => void) | null = null;

  constructor(private readonly onResize: (entries: readonly ResizeObserverEntry[]) => void) {}

  /** Whether sizes are reported at all. */
  get isActive(): boolean {
    return this.observer !== null;
  }

  /**
   * Observes the elements not observed yet (`later`: from the next animation frame, for calls
   * while sizes are being delivered); true when there were any.
   */
  watch(elements: Iterable<HTMLElement>, later = false): boolean {
    if (this.observer === null && typeof ResizeObserver !== "undefined") {
      this.observer = new ResizeObserver((entries) => {
        this.onResize(entries);
      });
    }
    const observer = this.observer;
    if (observer === null) return false;
    let hasNew = false;
    for (const element of elements) {
      if (this.observed.has(element)) continue;
      if (later) this.pending.add(element);
      else observer.observe(element);
      this.observed.add(element);
      hasNew = true;
    }
    for (const element of this.observed) {
      if (element.isConnected) continue;
      observer.unobserve(element);
      this.observed.delete(element);
      this.pending.delete(element);
    }
    if (this.pending.size > 0) {
      this.cancelFrame ??= nextFrame(() => {
        this.observePending();
      });
    }
    return hasNew;
  }

  disconnect(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.observed.clear();
    this.pending.clear();
    this.cancelFrame?.();
    this.cancelFrame = null;
  }

  private observePending(): void {
    this.cancelFrame = null;
    for (const element of this.pending) {
      if (element.isConnected) this.observer?.observe(element);
      else this.observed.delete(element);
    }
    this.pending.clear();
  }
}

/** Calls `callback` at the next animation frame (a task where there are none); a canceller. */
function nextFrame(callback: () => void): () => void {
  if (typeof requestAnimationFrame === "undefined") {
    const handle = setTimeout(callback, 0);
    return () => {
      clearTimeout(handle);
    };
  }
  const handle = requestAnimationFrame(callback);
  return () => {
    cancelAnimationFrame(handle);
  };
}

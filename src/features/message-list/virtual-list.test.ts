// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import * as eg from "../../test/example-data";
import { FakeResizeObserver } from "../../test/fake-resize-observer";
import { groupRows, type ListRow } from "./group-rows";
import { DEFAULT_LIMITS, ListLayout } from "./list-layout";
import { resolveWindow, VirtualList } from "./virtual-list";

// The windowing against a scroller whose geometry this file computes (jsdom lays nothing out):
// spacers and rendered rows stacked from the top, rows taller than the list's estimates (as
// real rows often are), `scrollTop` clamped the way the browser clamps it. Sizes reach the list
// only when a test delivers them (`deliverSizes`, the browser's resize observations); until
// then it goes on estimating while the page shows the "real" heights.

const VIEW_HEIGHT = 400;
/** Rendered rows are this much taller than the list estimates them. */
const REAL_OVER_ESTIMATE = 1.5;

function rowsOf(firstId: number, count: number): ListRow[] {
  const day = new Date(2024, 2, 3, 0, 0).getTime() / 1000;
  return groupRows(
    Array.from({ length: count }, (_, index) =>
      eg.streamMessage({ id: firstId + index, timestamp: day + index * 10 }),
    ),
  );
}

function rect(top: number, height: number): DOMRect {
  return DOMRect.fromRect({ x: 0, y: top, width: 600, height });
}

/** A page holding one VirtualList; `render` plays React's part. */
class Page {
  readonly list = new VirtualList();
  readonly scroller = document.createElement("div");
  private readonly rowsElement = document.createElement("ol");
  private readonly topSpacer = document.createElement("div");
  private readonly bottomSpacer = document.createElement("div");
  private scrollTopValue = 0;
  private heights: number[] = [];
  rows: readonly ListRow[] = [];

  constructor() {
    Object.defineProperties(this.scroller, {
      scrollTop: {
        get: () => this.scrollTopValue,
        set: (value: number) => {
          this.scrollTopValue = Math.max(0, Math.min(value, this.scrollHeight - VIEW_HEIGHT));
        },
      },
      scrollHeight: { get: () => this.scrollHeight },
      clientHeight: { get: () => VIEW_HEIGHT },
    });
    this.scroller.getBoundingClientRect = () => rect(0, VIEW_HEIGHT);
    this.topSpacer.getBoundingClientRect = () => rect(-this.scrollTopValue, this.spacer("top"));
    this.scroller.append(this.topSpacer, this.rowsElement, this.bottomSpacer);
    document.body.append(this.scroller);
    this.list.setScroller(this.scroller);
    this.list.setList(this.rowsElement);
    this.list.setTopSpacer(this.topSpacer);
    this.list.setBottomSpacer(this.bottomSpacer);
  }

  get scrollHeight(): number {
    const rendered = [...this.rowsElement.children].reduce(
      (sum, element) => sum + Number((element as HTMLElement).dataset["height"]),
      0,
    );
    return Math.max(VIEW_HEIGHT, this.spacer("top") + rendered + this.spacer("bottom"));
  }

  /** The first rendered row reaching into the view: its order and top. */
  firstRowInView(): { order: number; top: number } | undefined {
    for (const element of this.rowsElement.children) {
      const box = element.getBoundingClientRect();
      if (box.bottom > 0)
        return { order: Number((element as HTMLElement).dataset["order"]), top: box.top };
    }
    return undefined;
  }

  /** The top of the rendered row of `order` in the view, if it is rendered. */
  topOf(order: number): number | undefined {
    for (const element of this.rowsElement.children) {
      if ((element as HTMLElement).dataset["order"] === String(order)) {
        return element.getBoundingClientRect().top;
      }
    }
    return undefined;
  }

  get fromBottom(): number {
    return this.scrollHeight - this.scrollTopValue - VIEW_HEIGHT;
  }

  /** New rows for the list (a fetch landed), rendered with the window as it stands. */
  setRows(rows: readonly ListRow[], hasNewest: boolean): void {
    this.rows = rows;
    const layout = new ListLayout();
    layout.setRows(rows);
    this.heights = rows.map(
      (_, index) => (layout.offsetOf(index + 1) - layout.offsetOf(index)) * REAL_OVER_ESTIMATE,
    );
    this.list.configure({ hasNewest, onNearTop: () => undefined, onNearBottom: () => undefined });
    this.render();
  }

  /**
   * Delivers the sizes of the rows observed since the last delivery (what the browser does after
   * laying them out), then lets the microtasks run, as a frame would.
   */
  async deliverSizes(): Promise<void> {
    for (const observer of FakeResizeObserver.instances) {
      const entries = [...observer.pending].map((target) => {
        const blockSize = Number((target as HTMLElement).dataset["height"] ?? VIEW_HEIGHT);
        return { target, borderBoxSize: [{ blockSize, inlineSize: 600 }] };
      });
      observer.pending.clear();
      if (entries.length > 0) {
        // The list reads only `target` and `borderBoxSize` of an entry.
        observer.callback(entries as unknown as ResizeObserverEntry[], observer);
      }
    }
    await Promise.resolve();
  }

  /** Renders the list's current window and reports the commit, as the component does. */
  render(): void {
    const range = resolveWindow(this.rows, this.list.getSnapshot().window, DEFAULT_LIMITS);
    const elements = this.rows.slice(range.start, range.end).map((row, offset) => {
      const element = document.createElement("li");
      element.dataset["order"] = String(row.order);
      element.dataset["height"] = String(this.heights[range.start + offset]);
      if (row.kind === "message") element.dataset["messageId"] = String(row.message.id);
      element.getBoundingClientRect = () => this.rowRect(element);
      return element;
    });
    this.rowsElement.replaceChildren(...elements);
    this.list.commit(this.rows, range);
  }

  private rowRect(element: HTMLElement): DOMRect {
    let top = this.spacer("top") - this.scrollTopValue;
    for (const child of this.rowsElement.children) {
      const height = Number((child as HTMLElement).dataset["height"]);
      if (child === element) return rect(top, height);
      top += height;
    }
    return rect(0, 0);
  }

  private spacer(which: "top" | "bottom"): number {
    const element = which === "top" ? this.topSpacer : this.bottomSpacer;
    return Number.parseFloat(element.style.height) || 0;
  }
}

describe("VirtualList", () => {
  it("keeps following through a scroll event that comes before the newest rows render", () => {
    const page = new Page();
    // The narrow opened in the middle of older messages, not reaching the newest.
    const older = rowsOf(1, 300);
    page.setRows(older, false);
    page.list.openAt(older[150]?.order ?? null);
    page.render();
    expect(page.list.getSnapshot().isAtBottom).toBe(false);

    // "Jump to newest": the newest batch replaces the rows (none of the window's are in it).
    page.list.jumpToBottom();
    page.render();
    page.setRows(rowsOf(10_000, 100), true);
    // The scroll event of that change arrives before React renders the newest rows.
    page.list.handleScroll();
    page.render();
    page.render();

    expect(page.list.getSnapshot().isAtBottom).toBe(true);
    expect(page.fromBottom).toBeLessThan(1);
  });

  it("stops following when the reader scrolls up from the bottom", () => {
    const page = new Page();
    page.setRows(rowsOf(1, 100), true);
    page.list.jumpToBottom();
    page.render();
    page.render();
    expect(page.list.getSnapshot().isAtBottom).toBe(true);

    page.scroller.scrollTop -= 300;
    page.list.handleScroll();
    page.render();
    expect(page.list.getSnapshot().isAtBottom).toBe(false);

    // A new row below does not pull the reader back down: what they read stays in place.
    const seen = page.firstRowInView();
    page.setRows(rowsOf(1, 101), true);
    page.render();
    expect(page.topOf(seen?.order ?? -1)).toBe(seen?.top);
    expect(page.list.getSnapshot().isAtBottom).toBe(false);
  });

  it("keeps a scroll written before its event fires (a script's, a key's)", () => {
    const page = new Page();
    const rows = rowsOf(1, 300);
    page.setRows(rows, false);
    page.list.openAt(rows[150]?.order ?? null);
    page.render();
    page.list.handleScroll();
    const before = page.scroller.scrollTop;

    // Scrolled in an animation frame: the list re-renders before the scroll event comes.
    page.scroller.scrollTop = before - 120;
    page.render();
    expect(page.scroller.scrollTop).toBe(before - 120);
  });

  it("takes what the estimates got wrong into the top spacer, not the scroll position", async () => {
    vi.stubGlobal("ResizeObserver", FakeResizeObserver);
    try {
      const page = new Page();
      const rows = rowsOf(1, 2000);
      page.setRows(rows, false);
      page.list.openAt(rows[1500]?.order ?? null);
      for (let frame = 0; frame < 4; frame++) {
        page.render();
        await page.deliverSizes();
      }
      page.list.handleScroll();

      // Up by 350 px a frame: each frame renders rows above, all taller than estimated, and the
      // browser reports their sizes before painting.
      for (let step = 0; step < 30; step++) {
        const target = page.scroller.scrollTop - 350;
        page.scroller.scrollTop = target;
        page.list.handleScroll();
        const seen = page.firstRowInView();
        page.render();
        await page.deliverSizes();
        page.render();
        await page.deliverSizes();
        // The list wrote no scroll position, and the row in view stayed where it was.
        expect(page.scroller.scrollTop).toBe(target);
        expect(seen).toBeDefined();
        expect(page.topOf(seen?.order ?? -1)).toBe(seen?.top);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

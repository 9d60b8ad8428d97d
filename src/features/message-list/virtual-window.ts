import { lowerBound, type ListRow } from "./group-rows";
import { DEFAULT_LIMITS, ListLayout, type RowRange, type WindowLimits } from "./list-layout";

/** Which rows the list renders: the newest ones, or the rows between two orders. */
export type WindowSpec =
  | {
      readonly kind: "end";
      /** How many of the newest rows. */
      readonly count: number;
    }
  | {
      readonly kind: "span";
      readonly startOrder: number;
      /** The last row's order, or null for "through the newest row". */
      readonly endOrder: number | null;
    };

/** What the list's component renders from. */
export interface VirtualSnapshot {
  readonly window: WindowSpec;
  /** The reader sees the end of the loaded rows. */
  readonly isAtBottom: boolean;
}

/** What the list tells the controller on every render. */
export interface VirtualListOptions {
  /** The rows reach the newest message, so the view may follow new ones. */
  readonly hasNewest: boolean;
  /** The reader is near the top: load older messages (if there are any and none are loading). */
  readonly onNearTop: () => void;
  /** The reader is near the bottom of what is loaded. */
  readonly onNearBottom: () => void;
}

/** How the list shows a row the reader asked for. */
export interface RevealOptions {
  /** "top": just below the sticky header (opening at the first unread); "nearest": scroll least. */
  readonly align: "top" | "nearest";
  /** Focus the row's article once shown (keyboard selection). */
  readonly focus: boolean;
}

/** The window before the first paint: a screen and a little more, so a narrow opens at once. */
export const FIRST_PAINT_LIMITS: WindowLimits = {
  overscanPx: 300,
  rewindowPx: 150,
  minRows: 24,
  maxRows: 60,
};

/**
 * Resolves the window against the rows being rendered (pure; called while rendering). A span
 * keeps its rows when rows are put before it; it never exceeds the maximum: a span open to the
 * end drops its oldest rows, another its newest.
 */
export function resolveWindow(
  rows: readonly ListRow[],
  window: WindowSpec,
  limits: WindowLimits = DEFAULT_LIMITS,
): RowRange {
  const count = rows.length;
  if (window.kind === "end") {
    return { start: Math.max(0, count - Math.min(window.count, limits.maxRows)), end: count };
  }
  let start = lowerBound(rows, window.startOrder);
  let end = window.endOrder === null ? count : lowerBound(rows, window.endOrder + 1);
  if (end <= start) {
    // Every row of the window went away (deleted): show the nearest one until it re-windows.
    start = Math.max(0, Math.min(start, count - 1));
    end = Math.min(count, start + 1);
  }
  if (end - start > limits.maxRows) {
    if (window.endOrder === null) start = end - limits.maxRows;
    else end = start + limits.maxRows;
  }
  return { start, end };
}

/** Whether two windows select the same rows. */
export function sameWindow(a: WindowSpec, b: WindowSpec): boolean {
  if (a.kind === "end" || b.kind === "end") {
    return a.kind === "end" && b.kind === "end" && a.count === b.count;
  }
  return a.startOrder === b.startOrder && a.endOrder === b.endOrder;
}

/** The window holding `range` of `rows` (open to the end when it reaches the last row). */
export function windowOf(rows: readonly ListRow[], range: RowRange): WindowSpec | undefined {
  const first = rows[range.start];
  const last = rows[range.end - 1];
  if (first === undefined || last === undefined) return undefined;
  return {
    kind: "span",
    startOrder: first.order,
    endOrder: range.end >= rows.length ? null : last.order,
  };
}

/** Measurements settle in a few renders; more window changes than this in 100 ms is a loop. */
const MAX_WINDOW_CHANGES_PER_100_MS = 20;

/** A guard against re-windowing in a loop (measurements that never settle). */
export class RewindowGuard {
  private bucket = 0;
  private count = 0;

  /** Whether one more window change may happen now. */
  allow(now: number = Date.now()): boolean {
    const bucket = Math.floor(now / 100);
    if (bucket !== this.bucket) {
      this.bucket = bucket;
      this.count = 0;
    }
    this.count++;
    return this.count <= MAX_WINDOW_CHANGES_PER_100_MS;
  }
}

/** What decides which rows must be rendered. */
export interface CoverageInput {
  readonly layout: ListLayout;
  readonly rows: readonly ListRow[];
  /** The rows rendered now. */
  readonly range: RowRange;
  /** The view, from the first row's top. */
  readonly view: { readonly top: number; readonly height: number };
  /** A row to reveal (rendered first), if any. */
  readonly revealOrder: number | undefined;
  readonly limits: WindowLimits;
}

/**
 * The rows to render instead of `range`, or undefined when it still serves: around a row to
 * reveal that is not rendered, or around a view the range no longer covers (kept as close to
 * the rendered rows as the limits allow).
 */
export function coveringRange(input: CoverageInput): RowRange | undefined {
  const { layout, rows, range, view, limits } = input;
  if (rows.length === 0) return undefined;
  let wanted: RowRange;
  if (input.revealOrder !== undefined) {
    const index = lowerBound(rows, input.revealOrder);
    if (index >= range.start && index < range.end) return undefined;
    wanted = layout.rangeFor(layout.offsetOf(index) - view.height / 3, view.height, limits);
  } else {
    if (layout.covers(range, view.top, view.height, limits)) return undefined;
    wanted = layout.rangeFor(view.top, view.height, limits, range);
  }
  return wanted.start === range.start && wanted.end === range.end ? undefined : wanted;
}

/**
 * The first window of a list that opens at the row of `order` (revealed near the top of a view
 * about `viewHeight` tall): the rows that revealing it would render, so that a narrow held in
 * the store renders once on opening rather than its newest rows first and then these. Undefined
 * when the row is not among `rows`.
 */
export function openingWindow(
  rows: readonly ListRow[],
  order: number,
  viewHeight: number,
): WindowSpec | undefined {
  const layout = new ListLayout();
  layout.setRows(rows);
  const wanted = coveringRange({
    layout,
    rows,
    range: { start: 0, end: 0 },
    view: { top: 0, height: viewHeight },
    revealOrder: order,
    limits: FIRST_PAINT_LIMITS,
  });
  return wanted === undefined ? undefined : windowOf(rows, wanted);
}

/** What React renders the list from (`VirtualSnapshot`), and who to tell when it changes. */
export class SnapshotStore {
  private snapshot: VirtualSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(window: WindowSpec) {
    this.snapshot = { window, isAtBottom: true };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): VirtualSnapshot => this.snapshot;

  setWindow(window: WindowSpec): void {
    if (sameWindow(window, this.snapshot.window)) return;
    this.update({ ...this.snapshot, window });
  }

  setAtBottom(isAtBottom: boolean): void {
    if (isAtBottom !== this.snapshot.isAtBottom) this.update({ ...this.snapshot, isAtBottom });
  }

  private update(snapshot: VirtualSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

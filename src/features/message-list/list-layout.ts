import type { ListRow } from "./group-rows";

/** Rows rendered as [start, end) indices of the row list. */
export interface RowRange {
  readonly start: number;
  readonly end: number;
}

/** How many rows the window renders. */
export interface WindowLimits {
  /** Rows kept rendered above and below the viewport (px). */
  readonly overscanPx: number;
  /**
   * How far (px) the view may move into the overscan before the window moves: small steps
   * mount few rows at a time (short tasks while scrolling fast).
   */
  readonly rewindowPx: number;
  /** At least this many rows when there are that many (short narrows render whole). */
  readonly minRows: number;
  /** Never more: the DOM stays small whatever the narrow's size. */
  readonly maxRows: number;
}

/**
 * 1200 px of overscan is two to three screens; moving the window every 250 px of scrolling
 * mounts a handful of rows at a time. 100 rows at least renders a short narrow whole (and a
 * topic's 90 newest messages); 250 at most keeps well under 300 message rows in the DOM.
 */
export const DEFAULT_LIMITS: WindowLimits = {
  overscanPx: 1200,
  rewindowPx: 250,
  minRows: 100,
  maxRows: 250,
};

type SizeClass = "date" | "recipient" | "start" | "compact" | "outbox";

/** First guesses (px) for rows never measured; replaced by the averages of measured rows. */
const INITIAL_ESTIMATES: Record<SizeClass, number> = {
  date: 40,
  recipient: 36,
  start: 62,
  compact: 30,
  outbox: 70,
};

function sizeClass(row: ListRow): SizeClass {
  switch (row.kind) {
    case "date":
      return "date";
    case "recipient":
      return "recipient";
    case "message":
      return row.isGroupStart ? "start" : "compact";
    case "outbox":
      return "outbox";
  }
}

/**
 * A row's measurement key: its order, except that a message shown with its sender's name
 * (taller) is measured apart from the same message shown compact (order + 1 is free: orders
 * step by 4).
 */
function measureKey(row: ListRow): number {
  return row.kind === "message" && row.isGroupStart ? row.order + 1 : row.order;
}

/**
 * The heights of all rows of a list, measured where they have been rendered and estimated
 * elsewhere, and the offsets they add up to: the model behind the spacers above and below the
 * rendered rows, and behind which rows to render for a scroll position. Offsets are relative
 * to the first row's top. Heights survive row list changes (kept by row order), so prepending
 * older messages keeps what was measured.
 */
export class ListLayout {
  private rows: readonly ListRow[] = [];
  private sizes = new Float64Array(0);
  /** offsets[i] is the top of row i; offsets[n] the total height. Valid up to `validUpTo`. */
  private offsets = new Float64Array(1);
  private validUpTo = 0;
  private readonly measured = new Map<number, number>();
  private readonly totals = new Map<SizeClass, { sum: number; count: number }>();

  /**
   * The row list changed: sizes from measurements, estimates for the rest. A list of the same
   * rows in the same places (some of them new objects: a message starred or read) keeps every
   * size and offset; that check is a comparison per row, where sizing them again is a lookup.
   */
  setRows(rows: readonly ListRow[]): void {
    const isSameShape = this.hasSameShape(rows);
    this.rows = rows;
    if (isSameShape) return;
    const estimates = {
      date: this.estimate("date"),
      recipient: this.estimate("recipient"),
      start: this.estimate("start"),
      compact: this.estimate("compact"),
      outbox: this.estimate("outbox"),
    } satisfies Record<SizeClass, number>;
    const measured = this.measured;
    const sizes = new Float64Array(rows.length);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      if (row === undefined) continue;
      sizes[index] = measured.get(measureKey(row)) ?? estimates[sizeClass(row)];
    }
    this.sizes = sizes;
    this.offsets = new Float64Array(rows.length + 1);
    this.validUpTo = 0;
  }

  /** Whether `rows` has a row of the same order, shown the same way, at every index. */
  private hasSameShape(rows: readonly ListRow[]): boolean {
    const current = this.rows;
    if (rows.length !== current.length || this.sizes.length !== rows.length) return false;
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      const was = current[index];
      if (row === was) continue;
      // The key is the order (which says the kind) and, for a message, how it is shown.
      if (row === undefined || was === undefined || measureKey(row) !== measureKey(was)) {
        return false;
      }
    }
    return true;
  }

  get rowCount(): number {
    return this.rows.length;
  }

  private estimate(kind: SizeClass): number {
    const total = this.totals.get(kind);
    return total === undefined || total.count === 0
      ? INITIAL_ESTIMATES[kind]
      : total.sum / total.count;
  }

  /** Records a rendered row's height; true when it differs from what the model held. */
  measure(index: number, height: number): boolean {
    const row = this.rows[index];
    if (row === undefined) return false;
    const key = measureKey(row);
    const previous = this.measured.get(key);
    const size = this.sizes[index] ?? 0;
    if (
      previous !== undefined &&
      Math.abs(previous - height) < 0.5 &&
      Math.abs(size - height) < 0.5
    ) {
      return false;
    }
    const kind = sizeClass(row);
    const total = this.totals.get(kind) ?? { sum: 0, count: 0 };
    if (previous === undefined) total.count++;
    total.sum += height - (previous ?? 0);
    this.totals.set(kind, total);
    this.measured.set(key, height);
    this.sizes[index] = height;
    this.validUpTo = Math.min(this.validUpTo, index);
    return Math.abs(size - height) >= 0.5;
  }

  /** Whether the row was ever measured (as it is shown now). */
  isMeasured(index: number): boolean {
    const row = this.rows[index];
    return row !== undefined && this.measured.has(measureKey(row));
  }

  private ensureOffsets(upTo: number): void {
    const limit = Math.min(upTo, this.rows.length);
    for (let index = this.validUpTo; index < limit; index++) {
      this.offsets[index + 1] = (this.offsets[index] ?? 0) + (this.sizes[index] ?? 0);
    }
    this.validUpTo = Math.max(this.validUpTo, limit);
  }

  /** The top of row `index` (the total height for `index` = row count). */
  offsetOf(index: number): number {
    const clamped = Math.max(0, Math.min(index, this.rows.length));
    this.ensureOffsets(clamped);
    return this.offsets[clamped] ?? 0;
  }

  get totalHeight(): number {
    return this.offsetOf(this.rows.length);
  }

  /** The row at height `y` (the first or last row beyond either end); 0 when there are none. */
  indexAt(y: number): number {
    const count = this.rows.length;
    if (count === 0) return 0;
    this.ensureOffsets(count);
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.offsets[middle] ?? 0) <= y) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * The rows to render for a viewport at `top` (model coordinates) of `height` px: the
   * overscan around it, grown to the minimum towards the rows rendered now (`current`, kept
   * mounted) and then evenly, cut to the maximum around the visible rows.
   */
  rangeFor(
    top: number,
    height: number,
    limits: WindowLimits = DEFAULT_LIMITS,
    current?: RowRange,
  ): RowRange {
    const count = this.rows.length;
    if (count === 0) return { start: 0, end: 0 };
    const first = this.indexAt(top);
    const last = this.indexAt(top + height);
    let start = this.indexAt(top - limits.overscanPx);
    let end = this.indexAt(top + height + limits.overscanPx) + 1;
    const wanted = Math.min(limits.minRows, count);
    if (end - start < wanted && current !== undefined) {
      if (current.start < start) start = Math.max(current.start, end - wanted);
      if (current.end > end) end = Math.min(current.end, start + wanted);
    }
    if (end - start < wanted) {
      const before = Math.min(start, Math.ceil((wanted - (end - start)) / 2));
      start -= before;
      end = Math.min(count, start + wanted);
      start = Math.max(0, end - wanted);
    }
    if (end - start > limits.maxRows) {
      const visible = last - first + 1;
      const spare = Math.max(0, limits.maxRows - visible);
      start = Math.max(start, first - Math.floor(spare / 2));
      end = Math.min(end, start + limits.maxRows);
      start = Math.max(0, Math.min(start, end - limits.maxRows));
    }
    return { start, end };
  }

  /**
   * Whether `range` still serves a viewport at `top`: it holds the rows within the overscan
   * less `rewindowPx` on both sides (and enough rows), so small scrolls re-render nothing.
   */
  covers(
    range: RowRange,
    top: number,
    height: number,
    limits: WindowLimits = DEFAULT_LIMITS,
  ): boolean {
    const count = this.rows.length;
    if (count === 0) return range.end === range.start;
    const size = range.end - range.start;
    if (size > limits.maxRows || size < Math.min(limits.minRows, count)) return false;
    const margin = Math.max(0, limits.overscanPx - limits.rewindowPx);
    const needStart = this.indexAt(top - margin);
    const needEnd = this.indexAt(top + height + margin) + 1;
    return range.start <= needStart && range.end >= needEnd;
  }
}

import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { groupRows, type ListRow } from "./group-rows";
import { ListLayout, type WindowLimits } from "./list-layout";

/** `count` messages of one topic on one day: a date, a header, then the messages (count + 2). */
function rowsOf(firstId: number, count: number): ListRow[] {
  const day = new Date(2024, 2, 3, 0, 0).getTime() / 1000;
  return groupRows(
    Array.from({ length: count }, (_, index) =>
      eg.streamMessage({ id: firstId + index, timestamp: day + index * 10 }),
    ),
  );
}

/** A layout whose rows all measure `height`. */
function measuredLayout(rows: ListRow[], height: number): ListLayout {
  const layout = new ListLayout();
  layout.setRows(rows);
  rows.forEach((_, index) => layout.measure(index, height));
  return layout;
}

const limits: WindowLimits = { overscanPx: 100, rewindowPx: 50, minRows: 4, maxRows: 40 };

describe("ListLayout", () => {
  it("adds up measured heights into offsets and finds rows by height", () => {
    const layout = measuredLayout(rowsOf(1, 5), 20);
    expect(layout.offsetOf(0)).toBe(0);
    expect(layout.offsetOf(3)).toBe(60);
    expect(layout.totalHeight).toBe(layout.rowCount * 20);
    expect(layout.indexAt(59)).toBe(2);
    expect(layout.indexAt(60)).toBe(3);
    expect(layout.indexAt(-5)).toBe(0);
    expect(layout.indexAt(1e9)).toBe(layout.rowCount - 1);
  });

  it("estimates unmeasured rows from the measured ones of their kind", () => {
    const layout = new ListLayout();
    const rows = rowsOf(1, 3);
    layout.setRows(rows);
    const guess = layout.offsetOf(rows.length);
    rows.forEach((_, index) => layout.measure(index, 100));
    layout.setRows([...rowsOf(1, 3), ...rowsOf(100, 3).slice(2)]);
    // The new rows (never measured) now count as the average of their kind: 100 px.
    expect(layout.totalHeight).toBe((rows.length + 3) * 100);
    expect(guess).not.toBe(rows.length * 100);
  });

  it("keeps measurements when older rows are put before", () => {
    const newer = rowsOf(100, 4);
    const layout = measuredLayout(newer, 50);
    const before = layout.totalHeight;
    const older = rowsOf(10, 2);
    layout.setRows([...older, ...newer.slice(2)]);
    const added = layout.offsetOf(older.length);
    // The newer message rows keep their 50 px; only the older rows are estimates.
    expect(layout.totalHeight - added).toBe(before - 2 * 50);
    expect(layout.isMeasured(older.length)).toBe(true);
    expect(layout.isMeasured(0)).toBe(false);
  });

  it("reports whether a measurement changed the model", () => {
    const layout = new ListLayout();
    layout.setRows(rowsOf(1, 1));
    // A start row is first guessed at 62 px: measuring 62.2 changes nothing that matters.
    expect(layout.measure(2, 62.2)).toBe(false);
    expect(layout.measure(2, 70.4)).toBe(true);
    expect(layout.measure(2, 70.6)).toBe(false);
    expect(layout.measure(2, 90)).toBe(true);
    expect(layout.offsetOf(3)).toBe(layout.offsetOf(2) + 90);
  });

  it("renders the visible rows with overscan, at least minRows, at most maxRows", () => {
    const layout = measuredLayout(rowsOf(1, 98), 20);
    // Rows 50–60 reach into the view; 100 px of overscan is 5 rows either side.
    expect(layout.rangeFor(1000, 200, limits)).toEqual({ start: 45, end: 66 });
    const short = measuredLayout(rowsOf(1, 198), 2);
    // 111 rows would be in reach: the 11 visible ones and one more.
    expect(short.rangeFor(100, 20, { ...limits, maxRows: 12 })).toEqual({ start: 50, end: 62 });
    const tall = measuredLayout(rowsOf(1, 98), 1000);
    expect(tall.rangeFor(50_000, 100, limits)).toEqual({ start: 48, end: 52 });
  });

  it("clamps at both ends and renders a short list whole", () => {
    const layout = measuredLayout(rowsOf(1, 98), 20);
    expect(layout.rangeFor(0, 200, limits).start).toBe(0);
    expect(layout.rangeFor(layout.totalHeight - 200, 200, limits).end).toBe(layout.rowCount);
    const short = measuredLayout(rowsOf(1, 1), 20);
    expect(short.rangeFor(0, 500, limits)).toEqual({ start: 0, end: short.rowCount });
    expect(new ListLayout().rangeFor(0, 500, limits)).toEqual({ start: 0, end: 0 });
  });

  it("keeps a range that still covers the view, and not one that does not", () => {
    const layout = measuredLayout(rowsOf(1, 98), 20);
    const range = layout.rangeFor(1000, 200, limits);
    expect(layout.covers(range, 1000, 200, limits)).toBe(true);
    expect(layout.covers(range, 1040, 200, limits)).toBe(true);
    expect(layout.covers(range, 1100, 200, limits)).toBe(false);
    expect(layout.covers({ start: 0, end: 100 }, 1000, 200, limits)).toBe(false);
  });

  it("keeps every size when the rows are the same rows in new objects (a message starred)", () => {
    const rows = rowsOf(1, 6);
    const layout = new ListLayout();
    layout.setRows(rows);
    const estimated = layout.totalHeight;
    // Measuring one row changes the estimate of the rows never measured...
    layout.measure(3, 200);
    const total = layout.totalHeight;
    expect(total).toBe(estimated - 30 + 200);
    // ...which a new list of the same rows does not apply to them: nothing moves.
    layout.setRows(rows.map((row) => ({ ...row })));
    expect(layout.totalHeight).toBe(total);
    // A date (40 px estimated), a header (36), the first message (62), then the one measured.
    expect(layout.offsetOf(4)).toBe(40 + 36 + 62 + 200);
    // A list of other rows is sized again, with the new estimate.
    layout.setRows(rowsOf(1, 7));
    expect(layout.totalHeight).toBeGreaterThan(total + 200);
  });
});

describe("ListLayout.rangeFor while scrolling", () => {
  it("grows a short range towards the rows rendered now, mounting only new ones", () => {
    const layout = measuredLayout(rowsOf(1, 298), 20);
    const wide: WindowLimits = { overscanPx: 100, rewindowPx: 50, minRows: 40, maxRows: 80 };
    const current = layout.rangeFor(3000, 200, wide);
    expect(current.end - current.start).toBe(40);
    // 400 px up: the new range keeps 30 of the current rows and adds 10 above them.
    const next = layout.rangeFor(2600, 200, wide, current);
    expect(next.end - next.start).toBe(40);
    expect(next.start).toBe(current.start - 10);
    const kept = Math.min(next.end, current.end) - Math.max(next.start, current.start);
    expect(kept).toBe(30);
  });
});

import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { groupRows, messageOrder, type ListRow } from "./group-rows";
import { ListLayout, type WindowLimits } from "./list-layout";
import {
  coveringRange,
  resolveWindow,
  RewindowGuard,
  sameWindow,
  windowOf,
} from "./virtual-window";

const limits: WindowLimits = { overscanPx: 100, rewindowPx: 50, minRows: 3, maxRows: 5 };

/** Rows of messages with these ids, one topic, one day: date, header, then one row each. */
function rowsFor(ids: number[]): ListRow[] {
  return groupRows(ids.map((id) => eg.streamMessage({ id, timestamp: 1_700_000_000 + id })));
}

function ids(rows: readonly ListRow[], range: { start: number; end: number }): number[] {
  return rows
    .slice(range.start, range.end)
    .flatMap((row) => (row.kind === "message" ? [row.message.id] : []));
}

describe("resolveWindow", () => {
  it("shows the newest rows for the end window", () => {
    const rows = rowsFor([1, 2, 3, 4, 5, 6]);
    expect(ids(rows, resolveWindow(rows, { kind: "end", count: 3 }, limits))).toEqual([4, 5, 6]);
  });

  it("keeps a span on the same messages when older ones are put before", () => {
    const span = {
      kind: "span",
      startOrder: messageOrder(20),
      endOrder: messageOrder(22),
    } as const;
    const before = rowsFor([20, 21, 22, 23]);
    const after = rowsFor([10, 11, 12, 20, 21, 22, 23]);
    expect(ids(before, resolveWindow(before, span, limits))).toEqual([20, 21, 22]);
    expect(ids(after, resolveWindow(after, span, limits))).toEqual([20, 21, 22]);
  });

  it("follows new rows when open to the end, dropping the oldest beyond the maximum", () => {
    const span = { kind: "span", startOrder: messageOrder(2), endOrder: null } as const;
    const rows = rowsFor([1, 2, 3, 4, 5, 6, 7, 8]);
    const range = resolveWindow(rows, span, limits);
    expect(range.end).toBe(rows.length);
    expect(range.end - range.start).toBe(limits.maxRows);
    expect(ids(rows, range)).toEqual([4, 5, 6, 7, 8]);
  });

  it("drops the newest beyond the maximum when closed at the end", () => {
    const span = { kind: "span", startOrder: messageOrder(2), endOrder: messageOrder(8) } as const;
    const rows = rowsFor([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ids(rows, resolveWindow(rows, span, limits))).toEqual([2, 3, 4, 5, 6]);
  });

  it("shows the nearest row when every row of the span went away", () => {
    const span = { kind: "span", startOrder: messageOrder(5), endOrder: messageOrder(6) } as const;
    const rows = rowsFor([1, 2, 8]);
    const range = resolveWindow(rows, span, limits);
    expect(range.end - range.start).toBe(1);
    expect(ids(rows, range)).toEqual([8]);
    expect(resolveWindow([], span, limits)).toEqual({ start: 0, end: 0 });
  });
});

describe("windowOf and sameWindow", () => {
  it("describes a range by its rows' orders, open when it reaches the end", () => {
    const rows = rowsFor([1, 2, 3]);
    const middle = windowOf(rows, { start: 1, end: 3 });
    expect(middle).toEqual({ kind: "span", startOrder: rows[1]?.order, endOrder: rows[2]?.order });
    expect(windowOf(rows, { start: 2, end: rows.length })).toMatchObject({ endOrder: null });
    expect(windowOf(rows, { start: 0, end: 0 })).toBeUndefined();
    if (middle === undefined) return;
    expect(sameWindow(middle, { ...middle })).toBe(true);
    expect(sameWindow(middle, { kind: "end", count: 3 })).toBe(false);
    expect(sameWindow({ kind: "end", count: 3 }, { kind: "end", count: 3 })).toBe(true);
  });
});

describe("coveringRange", () => {
  const wide: WindowLimits = { overscanPx: 100, rewindowPx: 50, minRows: 3, maxRows: 50 };

  function measured(rows: ListRow[]): ListLayout {
    const layout = new ListLayout();
    layout.setRows(rows);
    rows.forEach((_, index) => layout.measure(index, 20));
    return layout;
  }

  it("keeps a range that covers the view, and moves one that does not", () => {
    const rows = rowsFor(Array.from({ length: 98 }, (_, index) => index + 1));
    const layout = measured(rows);
    const input = { layout, rows, revealOrder: undefined, limits: wide };
    const range = { start: 40, end: 70 };
    expect(coveringRange({ ...input, range, view: { top: 1000, height: 200 } })).toBeUndefined();
    const moved = coveringRange({ ...input, range, view: { top: 1600, height: 200 } });
    expect(moved?.end).toBeGreaterThan(range.end);
  });

  it("renders around a row to reveal that is not rendered", () => {
    const rows = rowsFor(Array.from({ length: 98 }, (_, index) => index + 1));
    const layout = measured(rows);
    const wanted = coveringRange({
      layout,
      rows,
      range: { start: 0, end: 20 },
      view: { top: 0, height: 200 },
      revealOrder: messageOrder(80),
      limits: wide,
    });
    const index = rows.findIndex((row) => row.order === messageOrder(80));
    expect(wanted?.start).toBeLessThanOrEqual(index);
    expect(wanted?.end).toBeGreaterThan(index);
  });
});

describe("RewindowGuard", () => {
  it("allows 20 window changes per 100 ms", () => {
    const guard = new RewindowGuard();
    const allowed = Array.from({ length: 25 }, () => guard.allow(1000));
    expect(allowed.filter(Boolean)).toHaveLength(20);
    expect(guard.allow(1100)).toBe(true);
  });
});

// @vitest-environment jsdom
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { groupRows, messageOrder, type ListRow } from "./group-rows";
import { useVirtualList } from "./use-virtual-list";

// V8 exposes `gc` to contexts created after the flag is set.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function rowsOf(firstId: number, count: number): ListRow[] {
  return groupRows(
    Array.from({ length: count }, (_, index) => eg.streamMessage({ id: firstId + index })),
  );
}

const OPTIONS = { hasNewest: true, onNearTop: () => undefined, onNearBottom: () => undefined };

describe("useVirtualList", () => {
  it("keeps no earlier render's rows once newer rows have rendered", async () => {
    // The first rows are referenced only through a WeakRef once the next rows replace them.
    let rows = rowsOf(1, 50);
    const firstRows = new WeakRef(rows);
    const { rerender, unmount } = renderHook(() => useVirtualList(rows, OPTIONS));
    // Two more renders: React's fiber and its alternate now both hold later renders' hooks.
    rows = rowsOf(1, 60);
    rerender();
    rows = rowsOf(1, 70);
    rerender();
    // A WeakRef's target is kept until the job that created or read it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();

    expect(firstRows.deref()).toBeUndefined();
    unmount();
  });

  it("renders the rows around the row it opens at in its first render, not the newest", () => {
    // A narrow held in the store, opening at its first unread message, far from the newest.
    const rows = rowsOf(1, 300);
    const ranges: { start: number; end: number }[] = [];
    const { unmount } = renderHook(() => {
      const binding = useVirtualList(rows, OPTIONS, () => messageOrder(100));
      ranges.push(binding.range);
      return binding;
    });

    const first = ranges[0];
    const opening = rows.findIndex((row) => row.order === messageOrder(100));
    expect(first?.start).toBeLessThanOrEqual(opening);
    expect(first?.end).toBeGreaterThan(opening);
    unmount();
  });
});

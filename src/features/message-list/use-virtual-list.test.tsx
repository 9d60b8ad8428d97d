// @vitest-environment jsdom
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { groupRows, type ListRow } from "./group-rows";
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
});

import { describe, expect, it } from "vitest";
import { IdList, mergeSortedIds } from "./message-ids";

describe("mergeSortedIds", () => {
  it("merges, sorts and dedupes", () => {
    expect(mergeSortedIds([1, 3, 5], [2, 3, 6])).toEqual([1, 2, 3, 5, 6]);
    expect(mergeSortedIds([], [4])).toEqual([4]);
    expect(mergeSortedIds([1, 1, 2], [])).toEqual([1, 2]);
  });
});

describe("IdList", () => {
  it("appends, inserts and removes, staying ascending without duplicates", () => {
    const list = new IdList([2, 4]);
    expect(list.add([6, 5, 6])).toBe(true);
    expect(list.add([3, 4])).toBe(true);
    expect(list.add([4])).toBe(false);
    expect(list.remove(new Set([2, 9]))).toBe(true);
    expect(list.remove(new Set([9]))).toBe(false);
    const ids: number[] = [];
    list.forEach((id) => ids.push(id));
    expect(ids).toEqual([3, 4, 5, 6]);
    expect([list.first, list.last, list.length]).toEqual([3, 6, 4]);
    expect([list.has(5), list.has(2)]).toEqual([true, false]);
    expect(list.outside(4, 5)).toEqual([3, 6]);
  });

  it("keeps every snapshot as it was, whatever happens to the list later", () => {
    const list = new IdList([1, 2]);
    const first = list.snapshot();
    list.add([3]);
    const second = list.snapshot();
    list.add([0]);
    list.remove(new Set([2]));
    const third = list.snapshot();
    expect(first()).toEqual([1, 2]);
    expect(second()).toEqual([1, 2, 3]);
    expect(third()).toEqual([0, 1, 3]);
    expect(first()).toBe(first());
  });
});

import { describe, expect, it } from "vitest";
import { withinBudget } from "./cache-budget";

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("the cache's budget", () => {
  it("keeps each narrow's newest ids up to the per-narrow budget", () => {
    const { narrows, ids } = withinBudget(
      [
        { narrow: "a", ids: range(1, 10), found_oldest: true },
        { narrow: "b", ids: range(20, 22), found_oldest: true },
      ],
      4,
      100,
    );
    expect(narrows).toEqual([
      { narrow: "a", ids: [7, 8, 9, 10], found_oldest: false },
      { narrow: "b", ids: [20, 21, 22], found_oldest: true },
    ]);
    expect([...ids].sort((x, y) => x - y)).toEqual([7, 8, 9, 10, 20, 21, 22]);
  });

  it("evicts the oldest ids of all narrows first when over the total", () => {
    const { narrows, ids } = withinBudget(
      [
        { narrow: "old", ids: range(1, 5), found_oldest: true },
        { narrow: "new", ids: range(10, 14), found_oldest: true },
        { narrow: "both", ids: [4, 5, 13, 14], found_oldest: false },
      ],
      10,
      6,
    );
    expect(ids.size).toBe(6);
    expect(narrows).toEqual([
      { narrow: "old", ids: [5], found_oldest: false },
      { narrow: "new", ids: range(10, 14), found_oldest: true },
      { narrow: "both", ids: [5, 13, 14], found_oldest: false },
    ]);
  });
});

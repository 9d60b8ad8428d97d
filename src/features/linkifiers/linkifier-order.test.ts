import { describe, expect, it } from "vitest";
import { isInOrder, movedIds } from "./linkifier-order";

const list = [{ id: 4 }, { id: 9 }, { id: 2 }];

describe("movedIds", () => {
  it("swaps a linkifier with its neighbour, keeping every other id", () => {
    expect(movedIds(list, 9, "up")).toEqual([9, 4, 2]);
    expect(movedIds(list, 9, "down")).toEqual([4, 2, 9]);
    expect(movedIds(list, 4, "down")).toEqual([9, 4, 2]);
  });

  it("answers null past either end or for an unknown id", () => {
    expect(movedIds(list, 4, "up")).toBeNull();
    expect(movedIds(list, 2, "down")).toBeNull();
    expect(movedIds(list, 7, "up")).toBeNull();
  });

  it("does not change the list it was given", () => {
    movedIds(list, 9, "up");
    expect(list.map((l) => l.id)).toEqual([4, 9, 2]);
  });
});

describe("isInOrder", () => {
  it("is true only for the same ids in the same order", () => {
    expect(isInOrder(list, [4, 9, 2])).toBe(true);
    expect(isInOrder(list, [9, 4, 2])).toBe(false);
    expect(isInOrder(list, [4, 9])).toBe(false);
  });
});

import { describe, expect, it, vi } from "vitest";
import { WindowElements } from "./window-elements";

interface Row {
  readonly order: number;
}

function setUp() {
  const render = vi.fn((row: Row) => ({ rendered: row.order }));
  return { render, elements: new WindowElements<Row, { rendered: number }>(render) };
}

describe("WindowElements", () => {
  it("gives a row kept in the window the same element without rendering it again", () => {
    const { render, elements } = setUp();
    const [a, b, c] = [{ order: 1 }, { order: 2 }, { order: 3 }];
    const first = elements.of([a, b]);
    const second = elements.of([b, c]);
    expect(second[0]).toBe(first[1]);
    expect(second[1]).toEqual({ rendered: 3 });
    expect(render).toHaveBeenCalledTimes(3);
  });

  it("forgets the rows that left the window: only the last render's rows are held", () => {
    const { render, elements } = setUp();
    const [a, b] = [{ order: 1 }, { order: 2 }];
    const [firstA] = elements.of([a]);
    elements.of([b]);
    const [againA] = elements.of([a]);
    expect(againA).not.toBe(firstA);
    expect(render.mock.calls.map(([row]) => row.order)).toEqual([1, 2, 1]);
  });

  it("renders a new row object for the same place (a changed message) afresh", () => {
    const { render, elements } = setUp();
    elements.of([{ order: 1 }]);
    elements.of([{ order: 1 }]);
    expect(render).toHaveBeenCalledTimes(2);
  });
});

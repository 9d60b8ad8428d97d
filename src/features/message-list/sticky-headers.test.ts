import { describe, expect, it } from "vitest";
import { stickyPlacement } from "./sticky-headers";

describe("stickyPlacement", () => {
  it("has no current header while none has reached the top", () => {
    expect(stickyPlacement([20, 300], 40)).toEqual({ current: -1, shift: 0 });
    expect(stickyPlacement([], 40)).toEqual({ current: -1, shift: 0 });
  });

  it("takes the last header to reach the top; those before it are under it", () => {
    // Three stuck at the top (the list keeps each that reached it), the fourth further down.
    expect(stickyPlacement([0, 0, 0.3, 200], 40)).toEqual({ current: 2, shift: 0 });
  });

  it("lets the next header push the current one up by as much as they would overlap", () => {
    expect(stickyPlacement([0, 25], 40)).toEqual({ current: 0, shift: 15 });
    expect(stickyPlacement([0, 1], 40)).toEqual({ current: 0, shift: 39 });
    expect(stickyPlacement([0, 40], 40)).toEqual({ current: 0, shift: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { planScroll, REVEAL_MARGIN_PX, type ScrollFrame } from "./scroll-plan";

const frame: ScrollFrame = {
  scrollTop: 1000,
  clientHeight: 500,
  scrollHeight: 5000,
  modelTop: 40,
  stickyHeight: 30,
};

describe("planScroll", () => {
  it("keeps a rendered anchor where it was when rows are put above it", () => {
    // The anchor row is 120 px below the view's top now, and should be 100 px: 200 px of
    // older rows go into the top spacer.
    const plan = planScroll(frame, 200, 0, {
      kind: "anchor",
      anchor: { order: 9, offset: 100 },
      currentOffset: 120,
      modelOffset: 0,
    });
    expect(plan.scrollTop).toBe(1000 + 120 + 200 - 100);
    expect(plan.scrollHeight).toBe(5200);
    expect(plan.anchor).toBeUndefined();
  });

  it("places an anchor not rendered by the model", () => {
    const plan = planScroll(frame, 0, 0, {
      kind: "anchor",
      anchor: { order: 9, offset: 50 },
      currentOffset: undefined,
      modelOffset: 2000,
    });
    expect(plan.scrollTop).toBe(40 + 2000 - 50);
  });

  it("stays within the content", () => {
    const anchor = { order: 1, offset: 0 };
    const up = planScroll(frame, 0, 0, {
      kind: "anchor",
      anchor,
      currentOffset: -5000,
      modelOffset: 0,
    });
    expect(up.scrollTop).toBe(0);
    const down = planScroll(frame, 0, -1000, {
      kind: "anchor",
      anchor,
      currentOffset: 9000,
      modelOffset: 0,
    });
    expect(down.scrollTop).toBe(4000 - 500);
    const none = planScroll(frame, 0, 0, {
      kind: "anchor",
      anchor: null,
      currentOffset: undefined,
      modelOffset: 0,
    });
    expect(none.scrollTop).toBe(1000);
  });

  it("follows the bottom, spacers included", () => {
    expect(planScroll(frame, 100, 50, { kind: "follow" }).scrollTop).toBe(5150 - 500);
    const short = { ...frame, scrollHeight: 300, scrollTop: 0 };
    expect(planScroll(short, 0, 0, { kind: "follow" }).scrollTop).toBe(0);
  });

  it("reveals a row at the top, under the sticky header, and anchors it there", () => {
    const plan = planScroll(frame, 0, 0, {
      kind: "reveal",
      order: 7,
      align: "top",
      box: { top: 300, bottom: 360 },
    });
    expect(plan.scrollTop).toBe(1000 + 300 - 30 - REVEAL_MARGIN_PX);
    expect(plan.anchor).toEqual({ order: 7, offset: 30 + REVEAL_MARGIN_PX });
  });

  it("scrolls least to reveal the nearest way, and not at all when in view", () => {
    const reveal = (top: number, bottom: number) =>
      planScroll(frame, 0, 0, { kind: "reveal", order: 7, align: "nearest", box: { top, bottom } })
        .scrollTop;
    expect(reveal(100, 160)).toBe(1000);
    expect(reveal(480, 540)).toBe(1000 + 540 - 500 + REVEAL_MARGIN_PX);
    expect(reveal(10, 70)).toBe(1000 + 10 - 30 - REVEAL_MARGIN_PX);
    // Taller than the view: its top goes just under the header.
    expect(reveal(200, 1200)).toBe(1000 + 200 - 30 - REVEAL_MARGIN_PX);
  });
});

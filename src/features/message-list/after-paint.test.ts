import { afterEach, describe, expect, it, vi } from "vitest";
import { stubAnimationFrames } from "../../test/fake-frames";
import { afterPaint } from "./after-paint";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("afterPaint", () => {
  it("runs after the tasks queued by the next frame, not among them", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const frames = stubAnimationFrames();
    const order: string[] = [];
    afterPaint(() => order.push("callback"));

    frames.frame();
    // Queued during the painted frame (after its animation callbacks): a paint probe.
    setTimeout(() => order.push("queued in the painted frame"), 0);
    vi.runAllTimers();
    frames.frame();
    vi.runAllTimers();

    expect(order).toEqual(["queued in the painted frame", "callback"]);
  });

  it("runs in a task where there are no animation frames", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    vi.stubGlobal("requestAnimationFrame", undefined);
    const callback = vi.fn();
    afterPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledOnce();
  });
});

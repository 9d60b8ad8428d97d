import { afterEach, describe, expect, it, vi } from "vitest";
import { afterPaint } from "./after-paint";

/** Animation frames run by the test: each `frame()` runs the callbacks asked for before it. */
function stubFrames(): { frame: () => void } {
  let callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
    callbacks.push(callback);
    return callbacks.length;
  });
  return {
    frame: () => {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback(0);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("afterPaint", () => {
  it("runs after the tasks queued by the next frame, not among them", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const frames = stubFrames();
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

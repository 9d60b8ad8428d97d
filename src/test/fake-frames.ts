import { vi } from "vitest";

/**
 * Animation frames the test runs: stubs `requestAnimationFrame` (undo with
 * `vi.unstubAllGlobals()`); each `frame()` runs the callbacks asked for before it, and those
 * they ask for wait for the next `frame()`, as a browser's frames do.
 */
export function stubAnimationFrames(): { frame: () => void } {
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

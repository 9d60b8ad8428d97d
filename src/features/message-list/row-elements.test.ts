// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeResizeObserver } from "../../test/fake-resize-observer";
import { RowObserver } from "./row-elements";

function row(): HTMLElement {
  const element = document.createElement("li");
  document.body.append(element);
  return element;
}

/** What the list's observer observes (nothing is delivered in these tests). */
function observedBy(): Set<Element> {
  const observer = FakeResizeObserver.instances.at(-1);
  if (observer === undefined) throw new Error("no ResizeObserver was created");
  return observer.pending;
}

describe("RowObserver", () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    FakeResizeObserver.instances = [];
    frames = [];
    vi.stubGlobal("ResizeObserver", FakeResizeObserver);
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal("cancelAnimationFrame", (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  function runFrame(): void {
    const due = frames;
    frames = [];
    for (const callback of due) callback(0);
  }

  it("observes new rows at once, and reports whether there were any", () => {
    const observer = new RowObserver(() => undefined);
    const [a, b] = [row(), row()];
    expect(observer.watch([a])).toBe(true);
    expect(observer.watch([a])).toBe(false);
    expect(observer.watch([a, b])).toBe(true);
    expect([...observedBy()]).toEqual([a, b]);
    expect(frames).toHaveLength(0);
  });

  it("observes rows rendered while sizes are delivered only at the next frame", () => {
    const observer = new RowObserver(() => undefined);
    const [a, b] = [row(), row()];
    observer.watch([a]);
    expect(observer.watch([a, b], true)).toBe(true);
    expect(observedBy().has(b)).toBe(false);
    // Not queued twice, and not observed at once by a later call either.
    expect(observer.watch([a, b])).toBe(false);
    expect(observedBy().has(b)).toBe(false);
    runFrame();
    expect([...observedBy()]).toEqual([a, b]);
  });

  it("does not observe a deferred row that left the page before the frame", () => {
    const observer = new RowObserver(() => undefined);
    const [a, b] = [row(), row()];
    observer.watch([a, b], true);
    b.remove();
    runFrame();
    expect([...observedBy()]).toEqual([a]);
    // Back on the page later, it counts as new again.
    document.body.append(b);
    expect(observer.watch([a, b])).toBe(true);
    expect(observedBy().has(b)).toBe(true);
  });

  it("forgets rows that left the page, and cancels the frame when disconnected", () => {
    const observer = new RowObserver(() => undefined);
    const [a, b] = [row(), row()];
    observer.watch([a]);
    a.remove();
    observer.watch([b]);
    expect([...observedBy()]).toEqual([b]);
    const c = row();
    observer.watch([b, c], true);
    observer.disconnect();
    runFrame();
    expect(observedBy().size).toBe(0);
  });
});

// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as eg from "../../test/example-data";
import { groupRows } from "./group-rows";
import { isBodyPrepared } from "./message-body";
import { usePrepareBodies } from "./use-prepare-bodies";

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * 200 messages' rows, their bodies unique to `tag`: the sanitised-body cache is the module's
 * own, shared by the tests of this file.
 */
function makeRows(tag: string) {
  const messages = Array.from({ length: 200 }, (_, index) =>
    eg.streamMessage({
      id: 5000 + index,
      timestamp: 1_700_000_000 + index * 60,
      content: `<p>${tag} body ${String(index)}</p>`,
    }),
  );
  const rows = groupRows(messages);
  const bodyAt = (index: number): string => {
    const row = rows[index];
    if (row?.kind !== "message") throw new Error(`row ${String(index)} is not a message`);
    return row.message.content;
  };
  return { rows, bodyAt };
}

/** Runs the queued idle callbacks (and those they queue) with `ms` left in each period. */
function runIdle(queue: IdleRequestCallback[], ms: number): number {
  let periods = 0;
  for (let callback = queue.shift(); callback !== undefined; callback = queue.shift()) {
    periods++;
    callback({ didTimeout: false, timeRemaining: () => ms });
  }
  return periods;
}

describe("usePrepareBodies", () => {
  it("sanitises the rows just outside the window, and no further", () => {
    const { rows, bodyAt } = makeRows("near");
    const queue: IdleRequestCallback[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => queue.push(callback));
    vi.stubGlobal("cancelIdleCallback", vi.fn());
    const start = rows.findIndex((row, index) => index >= 100 && row.kind === "message");
    const range = { start, end: start + 20 };
    renderHook(() => {
      usePrepareBodies(rows, range);
    });
    // Nothing happens until the browser is idle.
    expect(isBodyPrepared(bodyAt(range.start - 1))).toBe(false);
    runIdle(queue, 50);
    expect(isBodyPrepared(bodyAt(range.start - 1))).toBe(true);
    expect(isBodyPrepared(bodyAt(range.end))).toBe(true);
    // Forty rows on each side at most.
    const farAbove = rows.findLastIndex(
      (row, index) => index < start - 40 && row.kind === "message",
    );
    expect(isBodyPrepared(bodyAt(farAbove))).toBe(false);
  });

  it("stops when the idle period runs out and goes on in the next one", () => {
    const { rows, bodyAt } = makeRows("periods");
    const queue: IdleRequestCallback[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => queue.push(callback));
    vi.stubGlobal("cancelIdleCallback", vi.fn());
    let remaining = 3;
    const range = { start: 30, end: 40 };
    renderHook(() => {
      usePrepareBodies(rows, range);
    });
    // Periods with 2 ms left, then 1.5, 1: below the 1 ms margin the period ends.
    const callback = queue.shift();
    callback?.({ didTimeout: false, timeRemaining: () => (remaining -= 0.5) });
    expect(queue).toHaveLength(1);
    const prepared = rows.filter(
      (row) => row.kind === "message" && isBodyPrepared(row.message.content),
    ).length;
    expect(prepared).toBeGreaterThan(0);
    expect(prepared).toBeLessThan(10);
    expect(runIdle(queue, 50)).toBeGreaterThan(0);
    // The first message row above the window (row 0 is a date separator).
    const firstMessage = rows.findIndex((row) => row.kind === "message");
    expect(isBodyPrepared(bodyAt(firstMessage))).toBe(true);
  });

  it("cancels its work when the window moves", () => {
    const { rows } = makeRows("moves");
    const queue: IdleRequestCallback[] = [];
    const cancel = vi.fn();
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => queue.push(callback));
    vi.stubGlobal("cancelIdleCallback", cancel);
    const { rerender } = renderHook(
      ({ start }: { start: number }) => {
        usePrepareBodies(rows, { start, end: start + 10 });
      },
      { initialProps: { start: 60 } },
    );
    rerender({ start: 70 });
    expect(cancel).toHaveBeenCalledWith(1);
  });

  it("does nothing without requestIdleCallback", () => {
    const { rows, bodyAt } = makeRows("unsupported");
    vi.stubGlobal("requestIdleCallback", undefined);
    renderHook(() => {
      usePrepareBodies(rows, { start: 150, end: 160 });
    });
    expect(isBodyPrepared(bodyAt(149))).toBe(false);
  });
});

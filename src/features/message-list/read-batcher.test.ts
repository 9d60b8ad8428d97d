import { describe, expect, it } from "vitest";
import { createReadBatcher, type BatchClock } from "./read-batcher";

/** A clock whose time moves only when the test says. */
class FakeClock implements BatchClock {
  time = 0;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private nextHandle = 1;

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): number {
    const handle = this.nextHandle++;
    this.timers.push({ at: this.time + ms, callback, handle });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }

  /** Moves time on, running each timer that comes due (in order). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.callback();
      // Let promise callbacks (a batch's answer) run before the next timer.
      await Promise.resolve();
      await Promise.resolve();
    }
    this.time = end;
  }
}

function setup(options: { fail?: () => boolean; isWanted?: (id: number) => boolean } = {}) {
  const clock = new FakeClock();
  const sent: { at: number; ids: number[] }[] = [];
  const batcher = createReadBatcher({
    clock,
    intervalMs: 1000,
    retryDelaysMs: [2000, 5000],
    ...(options.isWanted === undefined ? {} : { isWanted: options.isWanted }),
    flush: (ids) => {
      sent.push({ at: clock.time, ids });
      return options.fail?.() === true ? Promise.reject(new Error("offline")) : Promise.resolve();
    },
  });
  return { clock, sent, batcher };
}

describe("createReadBatcher", () => {
  it("sends the first ids at once, then at most one batch a second", async () => {
    const { clock, sent, batcher } = setup();
    batcher.add([1, 2]);
    batcher.add([2, 3]);
    await clock.advance(0);
    expect(sent).toEqual([{ at: 0, ids: [1, 2, 3] }]);
    await clock.advance(200);
    batcher.add([4]);
    await clock.advance(500);
    batcher.add([5, 4]);
    await clock.advance(299);
    expect(sent).toHaveLength(1);
    await clock.advance(1);
    expect(sent).toEqual([
      { at: 0, ids: [1, 2, 3] },
      { at: 1000, ids: [4, 5] },
    ]);
    await clock.advance(5000);
    expect(sent).toHaveLength(2);
  });

  it("sends at once when asked (blur, page hide), interval or not", async () => {
    const { clock, sent, batcher } = setup();
    batcher.add([1]);
    await clock.advance(0);
    batcher.add([2]);
    batcher.flushNow();
    expect(sent.map((batch) => batch.ids)).toEqual([[1], [2]]);
    await clock.advance(2000);
    expect(sent).toHaveLength(2);
  });

  it("drops ids no longer wanted when the batch leaves", async () => {
    const read = new Set<number>();
    const { clock, sent, batcher } = setup({ isWanted: (id) => !read.has(id) });
    batcher.add([1, 2]);
    read.add(1);
    await clock.advance(0);
    expect(sent.map((batch) => batch.ids)).toEqual([[2]]);
    batcher.add([1]);
    await clock.advance(2000);
    expect(sent).toHaveLength(1);
  });

  it("puts a failed batch back and retries after a growing delay", async () => {
    let failing = true;
    const { clock, sent, batcher } = setup({ fail: () => failing });
    batcher.add([1]);
    await clock.advance(0);
    batcher.add([2]);
    await clock.advance(1999);
    expect(sent).toHaveLength(1);
    await clock.advance(1);
    expect(sent[1]).toEqual({ at: 2000, ids: [1, 2] });
    await clock.advance(4999);
    expect(sent).toHaveLength(2);
    failing = false;
    await clock.advance(1);
    expect(sent[2]).toEqual({ at: 7000, ids: [1, 2] });
    await clock.advance(10_000);
    expect(sent).toHaveLength(3);
    expect(batcher.pendingCount).toBe(0);
  });

  it("sends nothing after dispose", async () => {
    const { clock, sent, batcher } = setup();
    batcher.add([1]);
    batcher.dispose();
    batcher.add([2]);
    batcher.flushNow();
    await clock.advance(5000);
    expect(sent).toEqual([]);
  });
});

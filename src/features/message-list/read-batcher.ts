/** The timers the batcher uses; injectable so tests drive it with a fake clock. */
export interface BatchClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What the batcher does and how often. */
export interface ReadBatcherOptions {
  /** Sends one batch; a rejection puts the ids back for a later try. */
  readonly flush: (ids: number[]) => Promise<unknown>;
  /** Checked when a batch leaves: ids no longer unread (read elsewhere meanwhile) are dropped. */
  readonly isWanted?: (id: number) => boolean;
  readonly clock?: BatchClock;
  /** At most one batch per this many ms. */
  readonly intervalMs?: number;
  /** Waits after successive failures (the last one repeats). */
  readonly retryDelaysMs?: readonly number[];
}

/** Collects ids of messages seen and sends them in batches. */
export interface ReadBatcher {
  add(ids: Iterable<number>): void;
  /** Sends what is collected now (the window lost focus, the page is going away). */
  flushNow(): void;
  /** Stops: nothing more is sent, pending ids are dropped. */
  dispose(): void;
  readonly pendingCount: number;
}

const browserClock: BatchClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    if (typeof handle === "number") window.clearTimeout(handle);
  },
};

/**
 * Mark-as-read batching: the first ids seen go out at once, later ones at most once per
 * interval (scrolling through a hundred messages sends a few requests, not a hundred); a
 * failed batch comes back and is retried after a growing delay.
 */
export function createReadBatcher(options: ReadBatcherOptions): ReadBatcher {
  const clock = options.clock ?? browserClock;
  const intervalMs = options.intervalMs ?? 1000;
  const retryDelays = options.retryDelaysMs ?? [2000, 4000, 8000];
  const isWanted = options.isWanted ?? (() => true);
  const pending = new Set<number>();
  let timer: unknown = null;
  let nextAllowedAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  let isDisposed = false;

  const schedule = (): void => {
    if (isDisposed || timer !== null || pending.size === 0) return;
    const wait = Math.max(0, nextAllowedAt - clock.now());
    timer = clock.setTimeout(() => {
      timer = null;
      flush();
    }, wait);
  };

  const onFailure = (ids: readonly number[]): void => {
    failures++;
    const delay = retryDelays[Math.min(failures, retryDelays.length) - 1] ?? intervalMs;
    nextAllowedAt = clock.now() + delay;
    for (const id of ids) pending.add(id);
    schedule();
  };

  const flush = (): void => {
    if (timer !== null) {
      clock.clearTimeout(timer);
      timer = null;
    }
    if (isDisposed) return;
    const ids = [...pending].filter(isWanted);
    pending.clear();
    if (ids.length === 0) return;
    nextAllowedAt = clock.now() + intervalMs;
    options.flush(ids).then(
      () => {
        failures = 0;
      },
      () => {
        onFailure(ids);
      },
    );
  };

  return {
    add(ids) {
      for (const id of ids) pending.add(id);
      schedule();
    },
    flushNow: flush,
    dispose() {
      isDisposed = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending.clear();
    },
    get pendingCount() {
      return pending.size;
    },
  };
}

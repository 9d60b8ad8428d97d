/** Options of `createBackoff`. */
export interface BackoffOptions {
  /** Upper bound of the first wait. */
  baseMs?: number;
  /** Upper bound of any wait. */
  capMs?: number;
  /** A source of numbers in [0, 1); injected so tests are deterministic. */
  random: () => number;
}

/** Successive waits between retries of one failing operation. */
export interface Backoff {
  /** The next wait: full jitter, uniform in [0, min(cap, base·2^n)] for the n-th failure (from 0). */
  next(): number;
  /** Call after a success, so the next failure starts small again. */
  reset(): void;
  /** Failures since the last reset. */
  readonly failures: number;
}

/** Full-jitter exponential backoff (AWS's "full jitter"; zulip-mobile and zulip-flutter use it too). */
export function createBackoff({ baseMs = 1000, capMs = 60_000, random }: BackoffOptions): Backoff {
  let failures = 0;
  return {
    next() {
      const bound = Math.min(capMs, baseMs * 2 ** failures);
      failures++;
      return random() * bound;
    },
    reset() {
      failures = 0;
    },
    get failures() {
      return failures;
    },
  };
}

/** Options of `createBackoff`. */
export interface BackoffOptions {
  /** Upper bound of the first wait. */
  baseMs?: number;
  /** Upper bound of any wait (10 s by default, zulip-flutter's). */
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

/**
 * Full-jitter exponential backoff (AWS's "full jitter"), capped at 10 s as zulip-flutter's and
 * zulip-mobile's `BackoffMachine` are. The cap bounds how long after a server's return a client
 * notices it (at most 10 s, about a third of that on average), for about one request per 5 s
 * per client while the server stays down (Zulip's web app: one per 45 to 90 s).
 */
export function createBackoff({ baseMs = 1000, capMs = 10_000, random }: BackoffOptions): Backoff {
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

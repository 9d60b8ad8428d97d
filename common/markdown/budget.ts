/** Thrown when a render exceeds its work budget; the renderer degrades to escaped text. */
export class BudgetExceeded extends Error {
  constructor() {
    super("render budget exceeded");
  }
}

/** Work units a render may spend (roughly characters scanned) before degrading. */
export const WORK_LIMIT = 3_000_000;
/** Wall-clock backstop in milliseconds. */
const TIME_LIMIT_MS = 30;

/** A per-render work counter with a wall-clock backstop. */
export class Budget {
  private used = 0;
  private nextClockCheck = 2_000;
  private readonly startedAt = now();

  constructor(
    private readonly limit = WORK_LIMIT,
    private readonly timeLimitMs = TIME_LIMIT_MS,
  ) {}

  /** Spends `units`; throws `BudgetExceeded` past the limit. */
  charge(units: number): void {
    this.used += units;
    if (this.used > this.limit) throw new BudgetExceeded();
    if (this.used >= this.nextClockCheck) {
      this.nextClockCheck = this.used + 2_000;
      if (now() - this.startedAt > this.timeLimitMs) throw new BudgetExceeded();
    }
  }
}

function now(): number {
  return typeof performance === "undefined" ? Date.now() : performance.now();
}

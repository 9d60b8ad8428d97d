/**
 * The cache's bound: the newest `MESSAGES_PER_NARROW` messages of each narrow, and
 * `MESSAGES_IN_ALL` in all; past that the oldest go first. 50,000 messages of the demo are
 * about 40 MB of JSON: within IndexedDB's quota of any browser that keeps data at all.
 */
const MESSAGES_PER_NARROW = 1_000;
const MESSAGES_IN_ALL = 50_000;

/** A narrow's ids as the budget sees them (any narrow-like value rides along). */
export interface BudgetNarrow<N> {
  readonly narrow: N;
  /** Ascending. */
  readonly ids: readonly number[];
  readonly found_oldest: boolean;
}

/** Whether `ids` (ascending) lost its oldest ones to the cut. */
function cut<N>(entry: BudgetNarrow<N>, ids: readonly number[]): BudgetNarrow<N> {
  return ids.length === entry.ids.length
    ? entry
    : { narrow: entry.narrow, ids, found_oldest: false };
}

/**
 * What is kept: each narrow's newest ids within the per-narrow budget, then, when their union is
 * over the total, only ids from the newest `MESSAGES_IN_ALL` of it. Each narrow keeps a run of
 * its newest ids (never a gap), and says it no longer reaches its start when it lost some.
 */
export function withinBudget<N>(
  narrows: readonly BudgetNarrow<N>[],
  perNarrow = MESSAGES_PER_NARROW,
  inAll = MESSAGES_IN_ALL,
): { narrows: BudgetNarrow<N>[]; ids: Set<number> } {
  let kept = narrows.map((entry) => cut(entry, entry.ids.slice(-perNarrow)));
  const union = new Set(kept.flatMap((entry) => entry.ids));
  if (union.size > inAll) {
    const newest = [...union].sort((a, b) => b - a);
    const oldestKept = newest[inAll - 1] ?? -Infinity;
    kept = kept.map((entry) =>
      cut(
        entry,
        entry.ids.filter((id) => id >= oldestKept),
      ),
    );
  }
  kept = kept.filter((entry) => entry.ids.length > 0);
  return { narrows: kept, ids: new Set(kept.flatMap((entry) => entry.ids)) };
}

// The order in which the PGlite worker runs what it is sent. PGlite has one session and runs one
// statement at a time; queued in arrival order, a send's short statements would wait behind
// every long read queued before them. Here work waits in two lanes instead.

/** `fast`: writes, transactions and statements known to be short; `slow`: the other reads. */
export type Lane = "fast" | "slow";

interface Job {
  run: () => Promise<void>;
}

/**
 * Runs work one piece at a time, fast lane first: a write waits for the statement already
 * running (PGlite cannot interrupt it), not for the reads queued before it. After `fairness`
 * fast pieces in a row while a slow one waits, the slow one runs, so a stream of short work
 * cannot starve the long reads. Within a lane, arrival order.
 */
export class StatementQueue {
  private readonly lanes: Record<Lane, Job[]> = { fast: [], slow: [] };
  private busy = false;
  private fastInARow = 0;

  constructor(private readonly fairness = 32) {}

  run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      this.lanes[lane].push({ run: () => work().then(resolve, reject) });
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    const job = this.take();
    if (!job) return;
    this.busy = true;
    void job.run().finally(() => {
      // Still busy until this thread has taken the messages that came in meanwhile: PGlite
      // runs a statement without yielding, so a write sent during a long read is not queued
      // yet, and the next job started from here (a microtask) would go before it.
      setImmediate(() => {
        this.busy = false;
        this.next();
      });
    });
  }

  private take(): Job | undefined {
    const slowWaiting = this.lanes.slow.length > 0;
    if (this.lanes.fast.length > 0 && !(slowWaiting && this.fastInARow >= this.fairness)) {
      this.fastInARow = slowWaiting ? this.fastInARow + 1 : 0;
      return this.lanes.fast.shift();
    }
    this.fastInARow = 0;
    return this.lanes.slow.shift();
  }
}

/** A read runs no earlier than queued writes once one run of its SQL took this long. */
const SLOW_STATEMENT_MS = 10;
/** The SQL texts remembered (our statements' shapes; parameters are apart). */
const REMEMBERED_STATEMENTS = 2000;

function isRead(sql: string): boolean {
  return /^[\s(]*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql);
}

/**
 * Which lane a statement outside a transaction waits in: writes fast; a read by how long its
 * SQL took last time (unknown: fast, once).
 */
export class LaneChooser {
  private readonly lastMs = new Map<string, number>();

  laneOf(sql: string): Lane {
    if (!isRead(sql)) return "fast";
    return (this.lastMs.get(sql) ?? 0) >= SLOW_STATEMENT_MS ? "slow" : "fast";
  }

  /** Notes how long a run of `sql` took. */
  noteRun(sql: string, ms: number): void {
    if (this.lastMs.size >= REMEMBERED_STATEMENTS && !this.lastMs.has(sql)) this.lastMs.clear();
    this.lastMs.set(sql, ms);
  }
}

// The order in which the PGlite worker runs what it is sent. PGlite has one session and runs one
// statement at a time; queued in arrival order, a send's short statements would wait behind
// every long read queued before them. Here work waits in two lanes instead.

/** `fast`: writes, transactions and statements known to be short; `slow`: the other reads. */
export type Lane = "fast" | "slow";

interface Job {
  lane: Lane;
  run: () => Promise<void>;
}

/**
 * Runs work one piece at a time, fast lane first: a write waits for the statement already
 * running (PGlite cannot interrupt it), not for the reads queued before it. After `fairness`
 * fast pieces in a row while a slow one waits, the slow one runs, so a stream of short work
 * cannot starve the long reads. Within a lane, arrival order.
 *
 * A request's short statements come one after another, each sent once the last one's answer
 * reached the server's thread (a send reads its recipients, then writes). Between two of them
 * the queue would be empty of fast work for a moment and start a waiting long read, and the
 * next short statement would wait all of it: a send behind a 40 ms search paid it once per
 * step. So after a fast piece, while slow work waits, the queue holds `anticipateMs` for the
 * next fast piece before it starts the slow one (disk schedulers' anticipation).
 */
export class StatementQueue {
  private readonly lanes: Record<Lane, Job[]> = { fast: [], slow: [] };
  private busy = false;
  private fastInARow = 0;
  private anticipation: NodeJS.Timeout | undefined;

  constructor(
    private readonly fairness = 32,
    private readonly anticipateMs = 3,
  ) {}

  run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      this.lanes[lane].push({ lane, run: () => work().then(resolve, reject) });
      if (lane === "fast" && this.anticipation !== undefined) {
        clearTimeout(this.anticipation);
        this.anticipation = undefined;
        this.busy = false;
      }
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
        if (this.shouldAnticipate(job)) {
          this.anticipation = setTimeout(() => {
            this.anticipation = undefined;
            this.busy = false;
            this.next();
          }, this.anticipateMs);
          return;
        }
        this.busy = false;
        this.next();
      });
    });
  }

  private shouldAnticipate(done: Job): boolean {
    return (
      this.anticipateMs > 0 &&
      done.lane === "fast" &&
      this.lanes.fast.length === 0 &&
      this.lanes.slow.length > 0 &&
      this.fastInARow < this.fairness
    );
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
 * SQL took, remembered with a decay (unknown: fast, once). One short run does not make a long
 * read fast: a page of search results took 8 ms and then 38 ms from run to run (what the
 * cache held), and in the fast lane the 38 ms ran ahead of, and so held back, a send. Each run
 * counts at least half the time remembered, so a read comes back to the fast lane only after
 * its runs stay short.
 */
export class LaneChooser {
  private readonly remembered = new Map<string, number>();

  laneOf(sql: string): Lane {
    if (!isRead(sql)) return "fast";
    return (this.remembered.get(sql) ?? 0) >= SLOW_STATEMENT_MS ? "slow" : "fast";
  }

  /** Notes how long a run of `sql` took. */
  noteRun(sql: string, ms: number): void {
    const before = this.remembered.get(sql);
    if (before === undefined && this.remembered.size >= REMEMBERED_STATEMENTS) {
      this.remembered.clear();
    }
    this.remembered.set(sql, Math.max(ms, (before ?? 0) / 2));
  }
}

// The PGlite worker: owns the embedded database, so that a long statement runs on this thread
// and the server's thread stays free to answer other requests (pglite-thread.ts is its client).
// PGlite itself keeps its semantics: one session, statements one at a time, and a transaction's
// statements run together with nothing interleaved (its own lock, which `query` also takes).
// What waits for the session waits in statement-queue.ts's lanes: writes and transactions, and
// reads known to be short, ahead of long reads queued before them.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import {
  pgliteOptions,
  toWorkerError,
  type WorkerReply,
  type WorkerRequest,
} from "./pglite-protocol";
import { LaneChooser, StatementQueue } from "./statement-queue";

type TxMessage = Extract<WorkerRequest, { kind: "query" | "end" }>;

/** The messages for one open transaction, taken one at a time by its loop. */
class Inbox {
  private readonly messages: TxMessage[] = [];
  private waiter: ((message: TxMessage) => void) | undefined;

  put(message: TxMessage): void {
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter(message);
    } else this.messages.push(message);
  }

  next(): Promise<TxMessage> {
    const message = this.messages.shift();
    if (message) return Promise.resolve(message);
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
// The data folder, or undefined for memory (given by the client at the worker's start).
const dataDir: unknown = workerData;
const pg = await PGlite.create(typeof dataDir === "string" ? dataDir : "memory://", pgliteOptions);
const transactions = new Map<number, Inbox>();
const queue = new StatementQueue();
const lanes = new LaneChooser();
let nextTx = 1;

function reply(message: WorkerReply): void {
  port?.postMessage(message);
}

async function answer(id: number, work: () => Promise<unknown>): Promise<void> {
  try {
    reply({ id, value: await work() });
  } catch (error) {
    reply({ id, error: toWorkerError(error) });
  }
}

/**
 * Runs one transaction: BEGIN, then the statements its client sends until it ends it. Resolves
 * once it has ended (the session is free again).
 */
function begin(beginId: number): Promise<void> {
  const tx = nextTx++;
  const inbox = new Inbox();
  let endId: number | undefined;
  const run = async (session: Transaction): Promise<void> => {
    transactions.set(tx, inbox);
    reply({ id: beginId, value: tx });
    for (;;) {
      const message = await inbox.next();
      if (message.kind === "end") {
        endId = message.id;
        if (!message.commit) await session.rollback();
        return;
      }
      await answer(message.id, async () => (await session.query(message.sql, message.params)).rows);
    }
  };
  return pg.transaction(run).then(
    () => {
      transactions.delete(tx);
      if (endId !== undefined) reply({ id: endId, value: null });
    },
    (error: unknown) => {
      transactions.delete(tx);
      // BEGIN failed (no transaction was opened), or COMMIT/ROLLBACK did.
      reply({ id: endId ?? beginId, error: toWorkerError(error) });
    },
  );
}

function handle(request: WorkerRequest): void {
  switch (request.kind) {
    case "query": {
      if (request.tx === undefined) {
        const { sql, params } = request;
        void answer(request.id, () =>
          queue.run(lanes.laneOf(sql), async () => {
            const start = performance.now();
            try {
              return (await pg.query(sql, params)).rows;
            } finally {
              lanes.noteRun(sql, performance.now() - start);
            }
          }),
        );
        return;
      }
      const inbox = transactions.get(request.tx);
      if (inbox) inbox.put(request);
      else reply({ id: request.id, error: toWorkerError(new Error("Transaction is closed")) });
      return;
    }
    case "end": {
      const inbox = transactions.get(request.tx);
      if (inbox) inbox.put(request);
      else reply({ id: request.id, error: toWorkerError(new Error("Transaction is closed")) });
      return;
    }
    case "exec":
      void answer(request.id, () =>
        queue.run("fast", async () => {
          try {
            await pg.exec(request.sql);
          } catch (error) {
            // A script with its own BEGIN leaves the session in an aborted transaction on failure.
            await pg.exec("ROLLBACK");
            throw error;
          }
          return null;
        }),
      );
      return;
    case "begin":
      void queue.run("fast", () => begin(request.id));
      return;
    case "close":
      // After everything already queued.
      void answer(request.id, () =>
        queue.run("slow", async () => {
          await pg.close();
          return null;
        }),
      );
  }
}

// The client only sends WorkerRequest objects (pglite-thread.ts).
port.on("message", (request: WorkerRequest) => {
  handle(request);
});
reply({ id: 0, value: "ready" });

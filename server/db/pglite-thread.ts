import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Database, Queryable } from "./queryable";
import type { WorkerError, WorkerReply, WorkerRequest } from "./pglite-protocol";

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Starts the worker's file beside this one: pglite-worker.js beside the bundle's main.js
 * (vite.server.config.ts emits it), or pglite-worker.ts when the server runs from source (tsx,
 * Vitest), loaded through tsx's API: Node 20 cannot load TypeScript, and a worker's `--import`
 * hooks do not apply to its own entry there.
 */
function startWorker(dataDir: string | undefined): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    // A variable, not a literal: Vite would otherwise take `new URL("…", import.meta.url)` for
    // an asset to copy, where the build makes the worker an entry of its own.
    const name = "./pglite-worker.js";
    return new Worker(new URL(name, here), { workerData: dataDir });
  }
  // tsx's ES module API (its `require` resolution would give the CommonJS one).
  const tsxPackage = pathToFileURL(createRequire(here).resolve("tsx/package.json"));
  const tsx = new URL("./dist/esm/api/index.mjs", tsxPackage).href;
  const file = new URL("./pglite-worker.ts", here).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(file)}, ${JSON.stringify(here)}));`;
  return new Worker(code, { eval: true, workerData: dataDir });
}

/** The error of the worker's answer, as the statement's caller would have seen it in-process. */
function fromWorkerError(remote: WorkerError): Error {
  const error = new Error(remote.message);
  error.name = remote.name;
  Object.assign(error, remote.fields);
  return error;
}

/** The worker's end of the conversation: numbered requests, each answered once. */
class WorkerClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;

  /** `onFailure` hears once of the worker's death (an exception in it, or its exit). */
  constructor(
    private readonly worker: Worker,
    private readonly onFailure: (error: Error) => void,
  ) {
    worker.on("message", (reply: WorkerReply) => {
      this.settle(reply);
    });
    worker.on("error", (error) => {
      this.die(
        new Error(`the database (PGlite worker) failed: ${error.message}`, { cause: error }),
      );
    });
    worker.on("exit", (code) => {
      this.die(new Error(`the database (PGlite worker) stopped (exit code ${code})`));
    });
    // Idle, the worker must not keep the process alive; while it works for us, it must.
    worker.unref();
  }

  call(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot be copied to the worker (a function, a symbol).
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
    });
  }

  /** Whether the worker is gone (closed by us, or dead). */
  get stopped(): boolean {
    return this.failure !== undefined;
  }

  private settle(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ("error" in reply) pending.reject(fromWorkerError(reply.error));
    else pending.resolve(reply.value);
  }

  /**
   * Fails every statement waiting for an answer, and every later one, with `error`: a dead
   * worker answers nothing, so without this they would wait forever. Only the first death
   * counts (an exception is followed by the exit), and a closed database does not die.
   */
  private die(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    this.onFailure(error);
  }

  async terminate(): Promise<void> {
    this.failure ??= new Error("the database is closed");
    await this.worker.terminate();
  }
}

/** Resolves once the worker has opened the database; rejects if it could not. */
function ready(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: WorkerReply): void => {
      if (reply.id !== 0) return;
      worker.off("error", reject);
      worker.off("message", onMessage);
      resolve();
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
    // A worker that exits before it is ready (it could not even load) answers nothing.
    worker.once("exit", (code) => {
      reject(
        new Error(`the database (PGlite worker) stopped before it opened (exit code ${code})`),
      );
    });
  });
}

/** How the worker is started, and who hears of its death. */
export interface PgliteThreadOptions {
  /**
   * Called once if the worker dies (an exception escaped it, or it exited) rather than being
   * closed: every statement waiting for it, and every later one, has failed with that error.
   */
  onFailure?: (error: Error) => void;
  /** Starts the worker (tests start a stand-in); by default pglite-worker.ts. */
  start?: (dataDir: string | undefined) => Worker;
}

/**
 * Opens PGlite (in `dataDir`, or in memory when undefined) in a worker thread: its statements run
 * there, so a slow one does not hold up this thread's other requests. Same `Database` as
 * in-process PGlite: one session, a transaction's statements run with nothing interleaved, a
 * failed statement's error keeps its message and PostgreSQL fields (`code`…), int8 as numbers.
 * `close()` closes the database and ends the worker.
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  options: PgliteThreadOptions = {},
): Promise<Database> {
  const worker = (options.start ?? startWorker)(dataDir);
  await ready(worker);
  const client = new WorkerClient(worker, options.onFailure ?? (() => undefined));
  // Rows are our SQL's promise, as with in-process PGlite (see `Queryable`).
  const rows = async <Row>(request: Request): Promise<Row[]> =>
    (await client.call(request)) as Row[];
  const queryable = (tx: number | undefined): Queryable => ({
    query: (sql, params = []) => rows({ kind: "query", sql, params: [...params], tx }),
  });
  const base = queryable(undefined);
  return {
    query: (sql, params) => base.query(sql, params),
    async transaction(work) {
      // The worker's answer to `begin` is the transaction's number.
      const tx = (await client.call({ kind: "begin" })) as number;
      let result;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await client.call({ kind: "end", tx, commit: false });
        throw error;
      }
      await client.call({ kind: "end", tx, commit: true });
      return result;
    },
    async exec(sql) {
      await client.call({ kind: "exec", sql });
    },
    async close() {
      // A dead worker has nothing left to close.
      if (!client.stopped) await client.call({ kind: "close" });
      await client.terminate();
    },
  };
}

// What the server's thread and the PGlite worker (pglite-worker.ts) say to each other, and the
// options both PGlite set-ups share (the worker's and the in-process one of database.ts).
import { PGlite } from "@electric-sql/pglite";

// int8 columns (timestamps in seconds, counts) come back as JS numbers; every value we store
// in them is far below 2^53.
export const INT8_OID = 20;
const pgliteParsers = { [INT8_OID]: (value: string) => Number(value) };

/**
 * PGlite keeps PostgreSQL's 1 GB write-ahead log ceiling, which it then keeps on disk as recycled
 * segments; a smaller ceiling checkpoints sooner and leaves less behind. PGlite reads these at
 * start only (it does not reload `ALTER SYSTEM`).
 */
export const pgliteOptions = {
  parsers: pgliteParsers,
  startParams: [
    ...PGlite.defaultStartParams,
    "-c",
    "max_wal_size=256MB",
    "-c",
    "min_wal_size=32MB",
  ],
};

/** One request to the worker; `tx` names the open transaction a statement belongs to. */
export type WorkerRequest =
  | { id: number; kind: "query"; sql: string; params: unknown[]; tx: number | undefined }
  | { id: number; kind: "exec"; sql: string }
  | { id: number; kind: "begin" }
  | { id: number; kind: "end"; tx: number; commit: boolean }
  | { id: number; kind: "close" };

/**
 * A failure as it crosses the threads: structured cloning keeps only an error's message, so the
 * fields callers read (PostgreSQL's `code`, `constraint`, `detail`…) travel beside it.
 */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

/** The answer to the request with the same `id`. */
export type WorkerReply = { id: number; value: unknown } | { id: number; error: WorkerError };

/** `error` in the form that crosses the threads. */
export function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: WorkerError["fields"] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

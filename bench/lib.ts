// Shared helpers of the benchmarks: a server on a fresh data folder (PGlite on disk, as
// `npm start` runs it, or a fresh PostgreSQL database), bulk users and streams made directly in
// SQL, percentiles, worker threads, and the results file. Benchmarks print their figures and
// write them to bench/results/<name>.json; they never run in the test suite.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { format, resolveConfig } from "prettier";
import { loadConfig, type ServerConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { startServer, type RunningServer } from "../server/start";
import { openTestDatabase, testDatabaseUrl } from "../server/test/test-database";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);
// Vite's build sets NODE_ENV=production in a bench's process; a server it spawns gets the
// caller's, as `npm start` and `npm run serve` would (production would turn the demo login off).
const CALLER_NODE_ENV = process.env["NODE_ENV"];

/** The environment of a server a benchmark starts as a child process on `port` and `dataDir`. */
export function serverProcessEnv(options: {
  port: number;
  dataDir: string;
  clientDir: string;
  demoSize: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: CALLER_NODE_ENV,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    CLIENT_DIR: options.clientDir,
    DEMO_SIZE: options.demoSize,
    LOG_REQUESTS: "0",
  };
}

/** What a server benchmark was told: `--postgres`, and its positional numbers in order. */
export interface BenchArgs {
  postgres: boolean;
  numbers: number[];
}

/** `[numbers…] [--postgres]`; anything else is refused with the usage of `usage`. */
export function parseBenchArgs(args: readonly string[], usage: string): BenchArgs {
  const parsed: BenchArgs = { postgres: false, numbers: [] };
  for (const arg of args) {
    if (arg === "--postgres") parsed.postgres = true;
    else if (/^[1-9]\d*$/.test(arg)) parsed.numbers.push(Number(arg));
    else
      throw new Error(`not an option or a positive whole number: ${JSON.stringify(arg)}\n${usage}`);
  }
  if (parsed.postgres && testDatabaseUrl() === undefined) {
    throw new Error("--postgres needs DATABASE_URL=postgres://… (a server to make a database on)");
  }
  return parsed;
}

/** Resident memory and V8 heap of a process, after two forced collections when it can. */
export interface Memory {
  rssMiB: number;
  heapUsedMiB: number;
}

export function measureMemory(): Memory {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rssMiB: round(usage.rss / 2 ** 20, 2), heapUsedMiB: round(usage.heapUsed / 2 ** 20, 2) };
}

/** A server a benchmark started; `close` also removes its data folder (and its database). */
export interface BenchServer extends Omit<RunningServer, "close"> {
  /** The fresh data folder: the PGlite database (unless on PostgreSQL) and the queues file. */
  dataDir: string;
  /** Which database it runs on, for the record. */
  backend: string;
  /** The memory of the process that seeded the data folder, at its end (PGlite only). */
  seedingProcess: Memory | undefined;
  close(): Promise<void>;
}

/** The server configuration of every benchmark: `npm start`'s, heartbeats and limits aside. */
export function benchConfig(dataDir: string): ServerConfig {
  return {
    ...loadConfig({}, ROOT),
    dataDir,
    clientDir: undefined,
    databaseUrl: undefined,
    heartbeatSeconds: 3600,
    queueTimeoutSeconds: 3600,
    maxQueuesPerUser: 1_000_000,
  };
}

/** Seeds the demo into `dataDir` in a child process (bench/seed-data-folder.ts); its memory. */
async function seedInChild(dataDir: string): Promise<Memory> {
  const script = join(ROOT, "bench", "seed-data-folder.ts");
  const { stdout } = await run(
    process.execPath,
    ["--expose-gc", "--import", "tsx", script, dataDir],
    {
      cwd: ROOT,
    },
  );
  const last = stdout.trim().split("\n").pop() ?? "";
  // The last line the child prints is its Memory as JSON.
  return JSON.parse(last) as Memory;
}

/**
 * A server as `npm start` runs it, on a fresh data folder: PGlite on disk in its worker thread,
 * the demo organisation seeded by a first start in a child process (so this process starts on
 * existing data, as every start after the first does, without the seed's leftovers); with
 * `postgres`, a fresh database on the server of `DATABASE_URL` instead, seeded here and dropped
 * on close. Heartbeats and queue limits are out of the way.
 */
export async function startBenchServer(
  name: string,
  options: { postgres?: boolean } = {},
): Promise<BenchServer> {
  const postgres = options.postgres === true;
  const dataDir = mkdtempSync(join(tmpdir(), `parley-bench-${name}-`));
  try {
    const seedingProcess = postgres ? undefined : await seedInChild(dataDir);
    const db = postgres ? await openTestDatabase() : undefined;
    const running = await startServer(benchConfig(dataDir), db ? { db } : {});
    return {
      ...running,
      dataDir,
      backend: postgres ? "PostgreSQL (DATABASE_URL)" : "PGlite on disk",
      seedingProcess,
      async close() {
        try {
          await running.close({ saveQueues: false });
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A worker thread running `entry` with `workerData`, so clients get their own event loop (and
 * core), as real clients have their own process. Node 20 does not apply `--import tsx` to a
 * worker's entry file, so the worker registers tsx first.
 */
export function startBenchWorker(entry: URL, workerData: unknown): Worker {
  const bootstrap = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData });
  worker.on("error", (error) => {
    // A client that fails would leave the benchmark waiting for its answer forever.
    console.error("bench worker failed:", error);
    process.exit(1);
  });
  return worker;
}

export interface BenchUser {
  id: number;
  email: string;
  auth: string;
}

/** `count` members `<prefix><n>@bench.test`, inserted in one statement (with their recipients). */
export async function createUsers(
  ctx: AppContext,
  prefix: string,
  count: number,
): Promise<BenchUser[]> {
  const rows = await ctx.db.transaction(async (tx) => {
    const users = await tx.query<{ id: number; email: string; api_key: string }>(
      `INSERT INTO users (email, full_name, role, api_key, date_joined)
       SELECT $1::text || n || '@bench.test', 'Bench ' || $1::text || n, 400,
              md5($1::text || n || random()::text), 0
       FROM generate_series(1, $2::int) AS n
       RETURNING id, email, api_key`,
      [prefix, count],
    );
    await tx.query(
      "INSERT INTO recipients (type, type_id) SELECT 1, id FROM unnest($1::int[]) AS id",
      [users.map((user) => user.id)],
    );
    return users;
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    auth: `Basic ${Buffer.from(`${row.email}:${row.api_key}`).toString("base64")}`,
  }));
}

/** A public stream with exactly these subscribers; returns its id. */
export async function createStream(
  ctx: AppContext,
  name: string,
  userIds: readonly number[],
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [stream] = await tx.query<{ id: number }>(
      `INSERT INTO streams (name, description, date_created) VALUES ($1, '', 0) RETURNING id`,
      [name],
    );
    if (!stream) throw new Error("no stream");
    await tx.query("INSERT INTO recipients (type, type_id) VALUES (2, $1)", [stream.id]);
    await tx.query(
      `INSERT INTO subscriptions (user_id, stream_id, color)
       SELECT id, $2, '#76ce90' FROM unnest($1::int[]) AS id`,
      [userIds, stream.id],
    );
    return stream.id;
  });
}

/** The `p`-th percentile (0–100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The machine, for the record. */
export function machine(): Record<string, unknown> {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGiB: round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/**
 * Writes bench/results/<name>.json (figures plus the machine, the date and the load average),
 * `<name>-postgres.json` for a run on PostgreSQL, formatted the way
 * Prettier would, so `npm run lint` stays clean with fresh results.
 */
export async function writeResults(
  name: string,
  figures: Record<string, unknown>,
  options: { postgres?: boolean } = {},
): Promise<string> {
  const postgres = options.postgres ?? testDatabaseUrl() !== undefined;
  const suffix = postgres ? "-postgres" : "";
  const file = join(ROOT, "bench", "results", `${name}${suffix}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const record = {
    benchmark: name,
    date: new Date().toISOString(),
    machine: machine(),
    // At the end of the run; a benchmark that samples it itself overrides this.
    loadAverage: loadavg().map((value) => round(value, 2)),
    ...figures,
  };
  // The repository's Prettier settings, so `npm run lint` accepts the file as written.
  const prettier = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(record), { ...prettier, parser: "json" }));
  return file;
}

/** Resolves when `condition` holds, checking every few milliseconds. */
export async function until(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Milliseconds on a clock shared by the main thread and workers. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

/** A TCP port free on 127.0.0.1 just now, for a server the benchmark starts as a child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

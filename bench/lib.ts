// Shared helpers of the benchmarks: a server on a fresh in-memory PGlite, bulk users and streams
// made directly in SQL, percentiles, and the results file. Benchmarks print their figures and
// write them to bench/results/<name>.json; they never run in the test suite.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { startServer, type RunningServer } from "../server/start";
import { openTestDatabase, testDatabaseUrl } from "../server/test/test-database";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * A server as `npm start` runs it, but on a fresh in-memory PGlite (or, with `DATABASE_URL`, a
 * fresh database on that PostgreSQL server, dropped on close), with heartbeats out of the way.
 */
export async function startBenchServer(): Promise<RunningServer> {
  const config = {
    ...loadConfig({}, ROOT),
    dataDir: undefined,
    clientDir: undefined,
    databaseUrl: undefined,
    heartbeatSeconds: 3600,
    queueTimeoutSeconds: 3600,
    maxQueuesPerUser: 1_000_000,
  };
  const db = testDatabaseUrl() === undefined ? undefined : await openTestDatabase();
  return startServer(config, db ? { db } : {});
}

/** Which database the benchmark runs on, for the record. */
export function backend(): string {
  return testDatabaseUrl() === undefined ? "PGlite (in memory)" : "PostgreSQL (DATABASE_URL)";
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
 * Writes bench/results/<name>.json (figures plus the machine and the date), formatted the way
 * Prettier would, so `npm run lint` stays clean with fresh results.
 */
export async function writeResults(
  name: string,
  figures: Record<string, unknown>,
): Promise<string> {
  const suffix = testDatabaseUrl() === undefined ? "" : "-postgres";
  const file = join(ROOT, "bench", "results", `${name}${suffix}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const record = {
    benchmark: name,
    date: new Date().toISOString(),
    machine: machine(),
    ...figures,
  };
  // The repository's Prettier settings, so `npm run lint` accepts the file as written.
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(record), { ...options, parser: "json" }));
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

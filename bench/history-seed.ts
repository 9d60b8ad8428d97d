// The data of `bench:history`: the huge demo's shape at a given number of messages, seeded once
// into its own PGlite data folder (or PostgreSQL database) and reused by later runs.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "pg";
import { systemClock } from "../server/clock";
import { loadConfig, type ServerConfig } from "../server/config";
import { openPglite, openPostgres, type Database } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { StatisticsKeeper } from "../server/db/statistics";
import { DEMO_REALM, seedDemoIfEmpty } from "../server/demo/seed";
import { QueueRegistry } from "../server/events/queue-registry";
import { RenderContextCache } from "../server/render/render-context";

/** Where one size lives: a PGlite folder, or a database on the PostgreSQL server of `url`. */
export interface HistoryStore {
  size: number;
  dataDir: string;
  /** The database's own URL on PostgreSQL; undefined for PGlite. */
  databaseUrl: string | undefined;
}

export interface SeedRecord {
  messages: number;
  seedSeconds: number;
  seededAt: string;
}

export function storeFor(
  root: string,
  size: number,
  postgresUrl: string | undefined,
): HistoryStore {
  if (postgresUrl === undefined) {
    return { size, dataDir: join(root, `pglite-${size}`), databaseUrl: undefined };
  }
  const url = new URL(postgresUrl);
  url.pathname = `/parley_bench_history_${size}`;
  return { size, dataDir: join(root, `postgres-${size}`), databaseUrl: url.toString() };
}

/** Opens the store's database, creating the PostgreSQL database when it is missing. */
export async function openStore(
  store: HistoryStore,
  adminUrl: string | undefined,
): Promise<Database> {
  if (store.databaseUrl === undefined || adminUrl === undefined) return openPglite(store.dataDir);
  const name = new URL(store.databaseUrl).pathname.slice(1);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return openPostgres(store.databaseUrl);
}

const recordFile = (store: HistoryStore) => join(store.dataDir, "bench-seed.json");

/** The record of an earlier seed of this store, if it finished. */
function seedRecord(store: HistoryStore): SeedRecord | undefined {
  const file = recordFile(store);
  if (!existsSync(file)) return undefined;
  // Our own file, written below.
  return JSON.parse(readFileSync(file, "utf8")) as SeedRecord;
}

/**
 * The record of an earlier seed, if the database still holds what it says: the record of a
 * PostgreSQL store lives in a folder beside the cluster, which may be a new one since (an empty
 * database, or the small demo a server seeded into it). A PostgreSQL database that does not is
 * dropped, to be seeded again; a PGlite folder holds its record, so one that does not is an error.
 */
export async function verifiedSeedRecord(
  store: HistoryStore,
  adminUrl: string | undefined,
): Promise<SeedRecord | undefined> {
  const record = seedRecord(store);
  if (record === undefined) return undefined;
  if (store.databaseUrl !== undefined && adminUrl !== undefined) {
    const name = new URL(store.databaseUrl).pathname.slice(1);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount === 0) return undefined;
    } finally {
      await admin.end();
    }
  }
  const db = await openStore(store, adminUrl);
  // A database the migrations never reached has no messages table: it holds none.
  const rows = await db
    .query<{ n: number }>("SELECT count(*)::int AS n FROM messages")
    .catch(() => [{ n: 0 }])
    .finally(() => db.close());
  const messages = rows[0]?.n ?? 0;
  if (messages >= record.messages) return record;
  if (store.databaseUrl === undefined || adminUrl === undefined) {
    throw new Error(
      `${store.dataDir} holds ${messages} messages, its seed record says ${record.messages}: delete the folder to seed again`,
    );
  }
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE ${new URL(store.databaseUrl).pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  return undefined;
}

/** Seeds the store (migrations, the huge shape with `size` messages, ANALYZE, CHECKPOINT). */
export async function seedStore(
  store: HistoryStore,
  adminUrl: string | undefined,
  root: string,
): Promise<SeedRecord> {
  const db = await openStore(store, adminUrl);
  const start = performance.now();
  try {
    await migrate(db);
    const config: ServerConfig = { ...loadConfig({}, root), dataDir: store.dataDir };
    const queues = new QueueRegistry(systemClock, {
      heartbeatSeconds: 60,
      queueTimeoutSeconds: 600,
      maxQueuesPerUser: 10,
    });
    const ctx = {
      db,
      clock: systemClock,
      config,
      queues,
      realm: DEMO_REALM,
      renderContext: new RenderContextCache(),
    };
    await seedDemoIfEmpty(ctx, "huge", { messages: store.size });
    await new StatisticsKeeper(db).vacuumAndAnalyze(); // as the server after its own seed
    if (store.databaseUrl === undefined) await db.query("CHECKPOINT");
  } finally {
    await db.close();
  }
  const record = {
    messages: store.size,
    seedSeconds: (performance.now() - start) / 1000,
    seededAt: new Date().toISOString(),
  };
  writeFileSync(recordFile(store), JSON.stringify(record));
  return record;
}

/** Bytes under a folder (the PGlite data folder, write-ahead log included). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).size;
  }
  return total;
}

import { PGlite } from "@electric-sql/pglite";
import { Pool, types, type PoolClient, type QueryResultRow } from "pg";
import { INT8_OID, pgliteOptions } from "./pglite-protocol";
import { openPgliteThread } from "./pglite-thread";
import { serialQueries } from "./serial-queries";
import type { Database, Queryable } from "./queryable";

export type { Database, Queryable } from "./queryable";

const INT8_ARRAY_OID = 1016;

function wrap(target: Pick<PGlite, "query">): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
  };
}

/**
 * Opens (creating if needed) an embedded PostgreSQL in `dataDir`, or in memory when undefined.
 * It runs in a worker thread (pglite-thread.ts), so that a slow statement does not stall the
 * server's other requests; `inProcess` runs it on this thread instead.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { inProcess?: boolean; onFailure?: (error: Error) => void } = {},
): Promise<Database> {
  if (options.inProcess !== true) {
    return openPgliteThread(dataDir, options.onFailure ? { onFailure: options.onFailure } : {});
  }
  const pg = await PGlite.create(dataDir ?? "memory://", pgliteOptions);
  const base = wrap(pg);
  return {
    query: (sql, params) => base.query(sql, params),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    exec: async (sql) => {
      try {
        await pg.exec(sql);
      } catch (error) {
        // A script with its own BEGIN leaves the session in an aborted transaction on failure.
        await pg.exec("ROLLBACK");
        throw error;
      }
    },
    close: () => pg.close(),
  };
}

/** int8 text (or an array of them, nested or with NULLs, as pg-types parses it) as numbers. */
function int8ToNumber(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(int8ToNumber);
  return typeof value === "string" ? Number(value) : value;
}

// pg-types declares its parsers as returning `any`; they return plain JS values.
const defaultParser: (oid: number, format?: "text" | "binary") => (value: string) => unknown =
  types.getTypeParser;

/** node-postgres type parsers matching PGlite's: int8 and int8[] as numbers, the rest default. */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary"): (value: string) => unknown {
    if (oid === INT8_OID) return (value) => Number(value);
    const parser = defaultParser(oid, format);
    if (oid === INT8_ARRAY_OID) return (value) => int8ToNumber(parser(value));
    return parser;
  },
};

function wrapClient(client: Pick<PoolClient, "query">): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await client.query<Row & QueryResultRow>(sql, [...params]);
      return result.rows;
    },
  };
}

/** One connection's statements, sent one at a time (a transaction's reads may come together). */
function wrapConnection(client: PoolClient): Queryable {
  return serialQueries(
    async (sql, params) => (await client.query<QueryResultRow>(sql, params)).rows,
  );
}

/** Undoes a failed transaction; a connection that cannot even roll back is thrown away. */
async function rollback(client: PoolClient): Promise<void> {
  try {
    await client.query("ROLLBACK");
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Connects to a PostgreSQL server (`postgres://user:password@host:port/database`) through a
 * connection pool. A transaction holds one connection from `BEGIN` to `COMMIT`/`ROLLBACK`;
 * `exec` sends a script in one simple-protocol message, so it may hold several statements.
 */
export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new Pool({ connectionString: url, types: pgTypes, max: options.max ?? 10 });
  // An idle connection that breaks (server restart) is dropped by the pool; without a listener
  // the pool's `error` event would crash the process.
  pool.on("error", (error) => {
    console.error("PostgreSQL connection lost:", error.message);
  });
  const base = wrapClient(pool);
  return {
    query: (sql, params) => base.query(sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(wrapConnection(client));
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (error) {
        await rollback(client);
        throw error;
      }
    },
    async exec(sql) {
      const client = await pool.connect();
      try {
        await client.query(sql);
        client.release();
      } catch (error) {
        // A script with its own BEGIN leaves the session in an aborted transaction on failure.
        await rollback(client);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}

import { PGlite } from "@electric-sql/pglite";
import { Pool, types, type PoolClient, type QueryResultRow } from "pg";

/** Something SQL can be run on: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one parameterised statement and returns its rows. The row type is the caller's promise
   * about its own SQL (our schema, our column list); it is not checked at run time.
   */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/**
 * The server's database: PGlite in a data folder by default, or a PostgreSQL server when
 * `DATABASE_URL` is set. Both run the same SQL and return the same JS values (int8 as numbers).
 */
export interface Database extends Queryable {
  /** Runs `work` in one transaction: everything it wrote is committed, or nothing is. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// int8 columns (timestamps in seconds, counts) come back as JS numbers; every value we store
// in them is far below 2^53.
const INT8_OID = 20;
const INT8_ARRAY_OID = 1016;
const parsers = { [INT8_OID]: (value: string) => Number(value) };

function wrap(target: Pick<PGlite, "query">): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
  };
}

// PGlite keeps PostgreSQL's 1 GB write-ahead log ceiling, which it then keeps on disk as
// recycled segments; a smaller ceiling checkpoints sooner and leaves less behind.
const PGLITE_START = [
  ...PGlite.defaultStartParams,
  "-c",
  "max_wal_size=256MB",
  "-c",
  "min_wal_size=32MB",
];

/** Opens (creating if needed) an embedded PostgreSQL in `dataDir`, or in memory when undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const pg = await PGlite.create(dataDir ?? "memory://", { parsers, startParams: PGLITE_START });
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
        const result = await work(wrapClient(client));
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

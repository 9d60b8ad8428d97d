import { PGlite } from "@electric-sql/pglite";

/** Something SQL can be run on: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one parameterised statement and returns its rows. The row type is the caller's promise
   * about its own SQL (our schema, our column list); it is not checked at run time.
   */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** The server's database: PGlite in a data folder by default (a PostgreSQL server later). */
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
const parsers = { [INT8_OID]: (value: string) => Number(value) };

function wrap(target: Pick<PGlite, "query">): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
  };
}

/** Opens (creating if needed) an embedded PostgreSQL in `dataDir`, or in memory when undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const pg = await PGlite.create(dataDir ?? "memory://", { parsers });
  const base = wrap(pg);
  return {
    query: (sql, params) => base.query(sql, params),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

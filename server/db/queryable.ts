// The database interface, apart from database.ts so that its implementations (pglite-thread.ts)
// can name it without importing what imports them.

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

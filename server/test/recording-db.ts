import type { Database, Queryable } from "../db/database";

/** `db`, noting the SQL of each statement it runs (in a transaction too) in `statements`. */
export function recordingDb(db: Database, statements: string[]): Database {
  const record = (target: Queryable): Queryable => ({
    query<Row>(sql: string, params: readonly unknown[] = []) {
      statements.push(sql);
      return target.query<Row>(sql, params);
    },
  });
  return { ...db, ...record(db), transaction: (work) => db.transaction((tx) => work(record(tx))) };
}

/** `db`, noting in `seen.most` the most statements it had in flight at once. */
export function concurrencyDb(db: Database, seen: { inFlight: number; most: number }): Database {
  return {
    ...db,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      seen.inFlight++;
      seen.most = Math.max(seen.most, seen.inFlight);
      try {
        return await db.query<Row>(sql, params);
      } finally {
        seen.inFlight--;
      }
    },
  };
}

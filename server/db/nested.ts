import type { Database, Queryable } from "./database";

/**
 * A Database view of an open transaction: work that would start its own transaction joins the
 * outer one instead, so a multi-step job (the demo seed) commits or fails as a whole.
 */
export function withinTransaction(tx: Queryable, outer: Database): Database {
  return {
    query: (sql, params) => tx.query(sql, params),
    transaction: (work) => work(tx),
    exec: (sql) => outer.exec(sql),
    close: () => Promise.resolve(),
  };
}

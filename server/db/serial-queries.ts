import type { Queryable } from "./queryable";

/**
 * A Queryable over one connection (a transaction's pg client) that sends each statement only
 * once the one before it has answered, in call order. Callers may start several at once (a
 * `Promise.all` of reads in a transaction): pg would queue them itself, but warns that this is
 * deprecated and goes away in pg 9. A failed statement does not hold up the next.
 */
export function serialQueries(
  run: (sql: string, params: unknown[]) => Promise<unknown[]>,
): Queryable {
  let previous: Promise<unknown> = Promise.resolve();
  return {
    query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const copy = [...params]; // a caller may change its array before the statement is sent
      const result = previous.then(() => run(sql, copy));
      previous = result.catch(() => undefined);
      // Rows are the caller's promise about its own SQL (Queryable).
      return result as Promise<Row[]>;
    },
  };
}

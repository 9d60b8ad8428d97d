import type { Queryable } from "../db/database";
import type { MessageRecord } from "../db/messages";
import type { Where } from "./narrow-where";

/**
 * A search's plan is bounded by construction, since the planner cannot tell a common match set
 * from a rare one: it multiplies the words' frequencies as if independent ("looks" and "good"
 * always come together: 6× too few; two topic words never do: thousands too many) and guesses a
 * phrase's `ILIKE`. So each side of the anchor first walks a window of ids testing every row
 * (bounded by the window); when that finds too few, it walks further if the matches it saw
 * promise the rest within `maxWalk` ids, and otherwise reads the remaining matches from the
 * full-text index (few, since they were rare where it walked).
 */
const WINDOWS: SearchWindows = { walk: 10_000, maxWalk: 200_000 };
/** A further walk covers this much more than the density seen so far promises. */
const WALK_MARGIN = 1.5;

/** The ids a side walks first, and in all before it reads the rest from the index. */
interface SearchWindows {
  walk: number;
  maxWalk: number;
}

/** What a search fetch reads: its conditions, the `SELECT` and the viewer's-row join. */
export interface SearchFetch {
  where: Where;
  /** `MESSAGE_SELECT` and the join to the viewer's row. */
  select: string;
  /** The join to the viewer's row alone (`JOIN user_messages um ON …`). */
  viewerJoin: string;
  anchor: number;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
}

/** One side of the anchor: the ids `[edge, anchor)` (older) or `(anchor, edge]` walked so far. */
interface Side {
  older: boolean;
  /** Rows wanted: one more than asked, telling whether the narrow's end was reached. */
  wanted: number;
  edge: number;
  rows: MessageRecord[];
}

class Statement {
  readonly params: unknown[];
  constructor(where: Where) {
    this.params = [...where.params];
  }
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

function walkSql(fetch: SearchFetch, q: Statement, side: Side, from: number, to: number): string {
  const range = side.older
    ? `m.id < ${q.param(from)}::bigint AND m.id >= ${q.param(to)}::bigint`
    : `m.id > ${q.param(from)}::bigint AND m.id <= ${q.param(to)}::bigint`;
  const order = side.older ? "DESC" : "ASC";
  return `(${fetch.select} WHERE ${fetch.where.sql("scanned")} AND ${range}
           ORDER BY m.id ${order} LIMIT ${q.param(side.wanted - side.rows.length)})`;
}

function done(side: Side, maxId: number): boolean {
  return side.rows.length >= side.wanted || (side.older ? side.edge <= 1 : side.edge >= maxId);
}

/** Walks `span` more ids of the side, beyond its edge. */
async function walk(db: Queryable, fetch: SearchFetch, side: Side, span: number): Promise<void> {
  const q = new Statement(fetch.where);
  const to = side.older ? Math.max(0, side.edge - span) : side.edge + span;
  const sql = walkSql(fetch, q, side, side.edge, to);
  side.rows.push(...(await db.query<MessageRecord>(sql, q.params)));
  side.edge = to;
}

/**
 * The side's remaining matches beyond its edge, from the full-text index: every match is found
 * first (a materialized CTE, so the planner cannot turn it into a walk of the whole history for
 * the `LIMIT`), then the wanted ones are read whole.
 */
async function readMatches(db: Queryable, fetch: SearchFetch, side: Side): Promise<void> {
  const q = new Statement(fetch.where);
  const order = side.older ? "DESC" : "ASC";
  const beyond = `m.id ${side.older ? "<" : ">"} ${q.param(side.edge)}::bigint`;
  const rows = await db.query<MessageRecord>(
    `WITH hits AS MATERIALIZED (
       SELECT m.id FROM messages m ${fetch.viewerJoin} WHERE ${fetch.where.sql()} AND ${beyond})
     ${fetch.select}
      WHERE m.id IN (SELECT id FROM hits ORDER BY id ${order}
                     LIMIT ${q.param(side.wanted - side.rows.length)})`,
    q.params,
  );
  side.rows.push(...rows);
}

/** Completes a side the first walk left short: walks on while that promises enough, or reads. */
async function complete(
  db: Queryable,
  fetch: SearchFetch,
  side: Side,
  maxId: number,
  windows: SearchWindows,
) {
  const start = side.older ? Math.min(fetch.anchor, maxId + 1) : fetch.anchor;
  while (!done(side, maxId)) {
    const walked = Math.abs(start - side.edge);
    const found = side.rows.length;
    const promised = found === 0 ? Infinity : ((side.wanted - found) * walked) / found;
    const span = Math.max(windows.walk, Math.ceil(promised * WALK_MARGIN));
    if (walked + span > windows.maxWalk) {
      await readMatches(db, fetch, side);
      return;
    }
    await walk(db, fetch, side, span);
  }
}

/**
 * The rows of a fetch whose narrow has a search term: up to `numBefore + 1` older than the
 * anchor, the anchor, up to `numAfter + 1` newer, as the one `UNION ALL` of other narrows finds
 * them, each side read within a bounded plan.
 */
export async function searchFetchRows(
  db: Queryable,
  fetch: SearchFetch,
  windows: SearchWindows = WINDOWS,
): Promise<MessageRecord[]> {
  const [max] = await db.query<{ id: number }>(
    "SELECT coalesce(max(id), 0)::bigint AS id FROM messages",
  );
  const maxId = max?.id ?? 0;
  const top = Math.min(fetch.anchor, maxId + 1);
  const older: Side = { older: true, wanted: fetch.numBefore + 1, edge: top, rows: [] };
  const newer: Side = { older: false, wanted: fetch.numAfter + 1, edge: fetch.anchor, rows: [] };
  const q = new Statement(fetch.where);
  const first = [
    walkSql(fetch, q, older, top, Math.max(0, top - windows.walk)),
    ...(fetch.includeAnchor
      ? [`(${fetch.select} WHERE ${fetch.where.sql()} AND m.id = ${q.param(fetch.anchor)}::bigint)`]
      : []),
    walkSql(fetch, q, newer, fetch.anchor, fetch.anchor + windows.walk),
  ];
  const rows = await db.query<MessageRecord>(first.join(" UNION ALL "), q.params);
  older.rows = rows.filter((row) => row.id < fetch.anchor);
  newer.rows = rows.filter((row) => row.id > fetch.anchor);
  older.edge = Math.max(0, top - windows.walk);
  newer.edge = fetch.anchor + windows.walk;
  await complete(db, fetch, older, maxId, windows);
  await complete(db, fetch, newer, maxId, windows);
  return [...older.rows, ...rows.filter((row) => row.id === fetch.anchor), ...newer.rows];
}

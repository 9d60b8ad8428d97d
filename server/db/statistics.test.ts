import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseUrl } from "../test/test-database";
import { startTestServer, type TestServer } from "../test/test-server";
import type { Database } from "./database";
import { migrate } from "./migrate";
import { StatisticsKeeper } from "./statistics";

/** What the planner believes a table holds: -1 until the first ANALYZE. */
async function plannerRows(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass",
    [table],
  );
  return row?.n ?? Number.NaN;
}

/** `count` messages from one user to himself, the rows `messages` needs and nothing more. */
async function addMessages(db: Database, count: number): Promise<void> {
  await db.query(
    `INSERT INTO users (email, full_name, api_key, date_joined)
     VALUES ('stats@example.test', 'Stats', 'k', 0) ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO recipients (type, type_id) SELECT 1, id FROM users WHERE email = 'stats@example.test'
     ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO messages (sender_id, recipient_id, content, rendered_content, date_sent, sending_client)
     SELECT u.id, r.id, 'hi', '<p>hi</p>', 0, 'test'
       FROM users u JOIN recipients r ON r.type = 1 AND r.type_id = u.id, generate_series(1, $1::int)
      WHERE u.email = 'stats@example.test'`,
    [count],
  );
}

/** Pages of a table the visibility map marks all-visible (index-only scans skip their heap). */
async function allVisiblePages(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT relallvisible::int AS n FROM pg_class WHERE oid = $1::regclass",
    [table],
  );
  return row?.n ?? Number.NaN;
}

/**
 * Whether `table` was vacuumed: on PGlite (one session), its visibility map is set. On a
 * PostgreSQL server shared with other tests' databases, their open transactions hold the xmin
 * horizon back and VACUUM may leave the map empty, so its own record says whether it ran.
 */
async function wasVacuumed(db: Database, table: string): Promise<boolean> {
  if (testDatabaseUrl() === undefined) return (await allVisiblePages(db, table)) > 0;
  const [row] = await db.query<{ vacuumed: boolean }>(
    "SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relid = $1::regclass",
    [table],
  );
  return row?.vacuumed === true;
}

describe("statistics", () => {
  let db: Database | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await db?.close();
    await server?.close({ saveQueues: false });
    db = undefined;
    server = undefined;
  });

  it("analyzes after migrations that applied something", async () => {
    db = await openTestDatabase();
    await migrate(db);
    expect(await plannerRows(db, "messages")).toBe(0);
  });

  it("re-analyzes once messages grew by a tenth, not before", async () => {
    db = await openTestDatabase();
    await migrate(db);
    const keeper = new StatisticsKeeper(db);
    await addMessages(db, 100);
    expect(await keeper.analyzeIfGrown()).toBe(true);
    expect(await plannerRows(db, "messages")).toBe(100);
    await addMessages(db, 5);
    expect(await keeper.analyzeIfGrown()).toBe(false);
    expect(await plannerRows(db, "messages")).toBe(100);
    await addMessages(db, 10);
    expect(await keeper.analyzeIfGrown()).toBe(true);
    expect(await plannerRows(db, "messages")).toBe(115);
  });

  it("vacuumAndAnalyze sets the visibility map as well as the statistics; ANALYZE does not", async () => {
    db = await openTestDatabase();
    await migrate(db);
    const keeper = new StatisticsKeeper(db);
    await addMessages(db, 2000);
    await keeper.analyze();
    expect(await wasVacuumed(db, "messages")).toBe(false);
    await keeper.vacuumAndAnalyze();
    expect(await plannerRows(db, "messages")).toBe(2000);
    expect(await wasVacuumed(db, "messages")).toBe(true);
    // It counts as an analysis: no growth since, so nothing to do.
    expect(await keeper.analyzeIfGrown()).toBe(false);
  });

  it("the start analyzes the freshly seeded demo", async () => {
    server = await startTestServer();
    const [row] = await server.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages",
    );
    expect(row?.n).toBeGreaterThan(0);
    expect(await plannerRows(server.ctx.db, "messages")).toBe(row?.n);
    expect(await wasVacuumed(server.ctx.db, "messages")).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseUrl } from "../test/test-database";
import { openPglite, type Database } from "./database";
import { migrate } from "./migrate";

// The database layer on the backend of this run: PGlite in memory by default, the PostgreSQL
// server of DATABASE_URL when set (CI runs the server suite both ways). Both must behave alike.
const backend = testDatabaseUrl() === undefined ? "PGlite" : "PostgreSQL";

describe(`the database layer (${backend})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec(
      `CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL UNIQUE, size bigint);
       CREATE TABLE notes (id serial PRIMARY KEY, body jsonb NOT NULL);`,
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it("returns int8 values and int8 arrays as numbers, like PGlite", async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT 1700000000::bigint AS big, count(*) AS n, ARRAY[1::bigint, NULL, 3::bigint] AS list,
              2::int AS small, true AS flag, 'x'::text AS word, ARRAY['a', 'b'] AS words`,
    );
    expect(row).toEqual({
      big: 1_700_000_000,
      n: 1,
      list: [1, null, 3],
      small: 2,
      flag: true,
      word: "x",
      words: ["a", "b"],
    });
  });

  it("passes parameters: lists with = ANY, JSON, NULL", async () => {
    await db.query("INSERT INTO things (name, size) VALUES ($1, $2), ($3, $4), ($5, NULL)", [
      "a",
      10,
      "b",
      20,
      "c",
    ]);
    const rows = await db.query<{ name: string; size: number | null }>(
      "SELECT name, size FROM things WHERE name = ANY($1::text[]) ORDER BY name",
      [["a", "c", "zz"]],
    );
    expect(rows).toEqual([
      { name: "a", size: 10 },
      { name: "c", size: null },
    ]);
    await db.query("INSERT INTO notes (body) VALUES ($1::jsonb)", [JSON.stringify({ k: [1, 2] })]);
    const [note] = await db.query<{ body: unknown }>("SELECT body FROM notes");
    expect(note?.body).toEqual({ k: [1, 2] });
  });

  it("commits a transaction as a whole", async () => {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        "INSERT INTO things (name) VALUES ('t1') RETURNING id",
      );
      await tx.query("UPDATE things SET size = 5 WHERE id = $1", [row?.id]);
      return row?.id;
    });
    expect(await db.query("SELECT size FROM things WHERE id = $1", [id])).toEqual([{ size: 5 }]);
  });

  it("writes nothing when the work fails, and the database stays usable", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('t2')");
        await tx.query("INSERT INTO things (name) VALUES ('t2')"); // unique violation
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('t3')");
        await tx.query("SELECT no_such_column FROM things");
      }),
    ).rejects.toThrow(/no_such_column/);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('t3')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(
      await db.query("SELECT name FROM things WHERE name = ANY($1::text[])", [["t2", "t3"]]),
    ).toEqual([]);
    expect(await db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("gives a failed statement's PostgreSQL fields to its caller (code 23505 and others)", async () => {
    await db.query("INSERT INTO things (name) VALUES ('e1')");
    const error: unknown = await db.query("INSERT INTO things (name) VALUES ('e1')").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/duplicate key value violates unique constraint/);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "things_name_key",
      table: "things",
    });
    await expect(db.query("SELECT $1::int AS n", ["not a number"])).rejects.toMatchObject({
      code: "22P02",
    });
  });

  it("keeps a transaction's statements together while other queries wait their turn", async () => {
    await db.query("INSERT INTO things (name, size) VALUES ('c1', 1)");
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    const inside = db.transaction(async (tx) => {
      await tx.query("UPDATE things SET size = 2 WHERE name = 'c1'");
      await gate;
      await tx.query("UPDATE things SET size = 3 WHERE name = 'c1'");
    });
    // Sent while the transaction is open: it sees the transaction's end, never its middle.
    const outside = db
      .query<{ size: number }>("SELECT size FROM things WHERE name = 'c1'")
      .then((rows) => seen.push(...rows.map((row) => row.size)));
    release();
    await Promise.all([inside, outside]);
    if (backend === "PGlite") expect(seen).toEqual([3]);
    else expect([1, 3]).toContain(seen[0]);
  });

  it("runs transactions one after another without mixing their writes", async () => {
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO things (name, size) VALUES ($1, $2)", [`p${n}`, n]);
          await tx.query("UPDATE things SET size = size * 10 WHERE name = $1", [`p${n}`]);
        }),
      ),
    );
    const rows = await db.query<{ size: number }>(
      "SELECT size FROM things WHERE name LIKE 'p%' ORDER BY size",
    );
    expect(rows.map((row) => row.size)).toEqual([10, 20, 30, 40]);
  });

  it("runs reads started together in one transaction without pg's concurrent-query warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning.message);
    };
    process.on("warning", onWarning);
    try {
      const sizes = await db.transaction((tx) =>
        Promise.all([1, 2, 3].map((n) => tx.query<{ n: number }>("SELECT $1::int AS n", [n]))),
      );
      expect(sizes).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      // Node emits warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((message) => message.includes("already executing"))).toEqual([]);
  });

  it("runs scripts of several statements, and a failed script leaves the database usable", async () => {
    await db.exec(
      "INSERT INTO things (name) VALUES ('s1'); INSERT INTO things (name) VALUES ('s2');",
    );
    await expect(
      db.exec(
        "BEGIN; INSERT INTO things (name) VALUES ('s3'); SELECT no_such_column FROM things; COMMIT;",
      ),
    ).rejects.toThrow(/no_such_column/);
    expect(
      await db.query<{ name: string }>(
        "SELECT name FROM things WHERE name LIKE 's%' ORDER BY name",
      ),
    ).toEqual([{ name: "s1" }, { name: "s2" }]);
  });

  it("applies the migrations once, and again finds nothing to do", async () => {
    const applied = await migrate(db);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toBe("0001_initial.sql");
    expect(await migrate(db)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_name = ANY($1::text[]) ORDER BY table_name`,
      [["messages", "users"]],
    );
    expect(tables.map((row) => row.table_name)).toEqual(["messages", "users"]);
  });
});

describe("PGlite in its worker thread", () => {
  it("leaves this thread free while a slow statement runs", async () => {
    const db = await openPglite(undefined);
    try {
      const order: string[] = [];
      const slow = db.query("SELECT pg_sleep(1)").then(() => order.push("statement"));
      await new Promise((resolve) => setTimeout(resolve, 0));
      order.push("timer");
      await slow;
      expect(order).toEqual(["timer", "statement"]);
    } finally {
      await db.close();
    }
  });

  it("answers with a clear error once closed, and lets the process exit", async () => {
    const db = await openPglite(undefined);
    await db.close();
    await expect(db.query("SELECT 1")).rejects.toThrow("the database is closed");
  });

  it("runs in-process on request, with the same parsers", async () => {
    const db = await openPglite(undefined, { inProcess: true });
    try {
      expect(await db.query("SELECT 2::bigint AS n")).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });
});

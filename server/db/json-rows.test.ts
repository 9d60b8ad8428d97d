import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-database";
import type { Database } from "./database";
import { queryJsonRows } from "./json-rows";

describe("queryJsonRows", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec(
      `CREATE TABLE items (id int PRIMARY KEY, name text, big bigint, flag boolean);
       INSERT INTO items VALUES (2, 'b', 1700000000123, true), (1, NULL, NULL, false),
                                (3, 'c "quoted"', 3, NULL);`,
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it("gives the same rows and values as a plain query, in the order asked", async () => {
    const sql = "SELECT id, name, big, flag FROM items WHERE id > $1";
    const plain = await db.query(`${sql} ORDER BY id DESC`, [0]);
    const json = await queryJsonRows(db, sql, [0], "q.id DESC");
    expect(json).toEqual(plain);
    expect(json.map((row) => (row as { id: number }).id)).toEqual([3, 2, 1]);
  });

  it("keeps an inner ORDER BY … LIMIT and gives [] when nothing matches", async () => {
    const top = await queryJsonRows<{ id: number }>(
      db,
      "SELECT id FROM items ORDER BY id DESC LIMIT 2",
      [],
      "q.id",
    );
    expect(top).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await queryJsonRows(db, "SELECT id FROM items WHERE id > $1", [9], "q.id")).toEqual([]);
  });
});

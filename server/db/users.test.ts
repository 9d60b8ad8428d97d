import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingDb } from "../test/recording-db";
import { openTestDatabase } from "../test/test-database";
import type { Database } from "./database";
import { migrate } from "./migrate";
import { findUsersByIds } from "./users";

let db: Database;
let bob: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, role, api_key, date_joined)
     VALUES ('bob@x.test', 'Bob', 400, 'k', 0) RETURNING id`,
  );
  bob = user?.id ?? 0;
});
afterAll(async () => {
  await db.close();
});

describe("findUsersByIds", () => {
  it("finds the users of the ids that exist", async () => {
    const users = await findUsersByIds(db, [bob, bob + 1000]);
    expect(users.map((user) => user.email)).toEqual(["bob@x.test"]);
  });

  it("sends no statement for an empty list, or one of ids no row can have", async () => {
    const statements: string[] = [];
    const recorded = recordingDb(db, statements);
    expect(await findUsersByIds(recorded, [])).toEqual([]);
    expect(await findUsersByIds(recorded, [2 ** 40, -1])).toEqual([]);
    expect(statements).toEqual([]);
  });
});

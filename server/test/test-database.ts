import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { openPglite, openPostgres, type Database } from "../db/database";

/** The PostgreSQL server the tests run against, or undefined for PGlite (the default). */
export function testDatabaseUrl(): string | undefined {
  const url = process.env["DATABASE_URL"];
  return url === undefined || url === "" ? undefined : url;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test server: PGlite in memory, or, when `DATABASE_URL` is set,
 * a new database `parley_test_<random>` on that PostgreSQL server, dropped again by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (url === undefined) return openPglite(undefined);
  const name = `parley_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = openPostgres(target.toString(), { max: 5 });
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

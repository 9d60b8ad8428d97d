import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PROJECT_ROOT } from "../project-root";
import type { Database } from "./database";

const MIGRATIONS_DIR = join(PROJECT_ROOT, "server", "db", "migrations");

/**
 * Applies the numbered `.sql` files of `db/migrations` that the database has not seen yet, in
 * order, each in its own transaction together with its record in `schema_migrations`, then
 * refreshes the planner's statistics if any applied (a new index or column has none).
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const applied = new Set(
    (await db.query<{ version: string }>("SELECT version FROM schema_migrations")).map(
      (row) => row.version,
    ),
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d+_.*\.sql$/.test(name)).sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(join(MIGRATIONS_DIR, file), "utf8");
    await db.exec(
      `BEGIN;\n${sql}\nINSERT INTO schema_migrations (version) VALUES ('${file}');\nCOMMIT;`,
    );
    newlyApplied.push(file);
  }
  if (newlyApplied.length > 0) await db.query("ANALYZE");
  return newlyApplied;
}

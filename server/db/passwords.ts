import type { Queryable } from "./database";

/** The stored password hash of a user; null when they have none (bots, password-less users). */
export async function findPasswordHash(db: Queryable, userId: number): Promise<string | null> {
  const rows = await db.query<{ password_hash: string | null }>(
    "SELECT password_hash FROM users WHERE id = $1",
    [userId],
  );
  return rows[0]?.password_hash ?? null;
}

export async function setPasswordHash(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [userId, hash]);
}

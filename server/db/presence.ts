import type { Queryable } from "./database";

/** Zulip's stored presence statuses. */
export const PRESENCE_STATUS = { active: 1, idle: 2 } as const;

/** A row of `presence` with its user's email. */
export interface PresenceRow {
  user_id: number;
  email: string;
  client: string;
  status: number;
  timestamp: number;
  active_timestamp: number | null;
}

const PRESENCE_SELECT = `SELECT p.user_id, u.email, p.client, p.status, p."timestamp", p.active_timestamp
  FROM presence p JOIN users u ON u.id = p.user_id`;

/** Presence of active human users updated at or after `since`, oldest update first. */
export async function listPresence(db: Queryable, since: number): Promise<PresenceRow[]> {
  return db.query<PresenceRow>(
    `${PRESENCE_SELECT} WHERE u.is_active AND NOT u.is_bot AND p."timestamp" >= $1
      ORDER BY p."timestamp", p.client`,
    [since],
  );
}

export async function userPresence(db: Queryable, userId: number): Promise<PresenceRow[]> {
  return db.query<PresenceRow>(
    `${PRESENCE_SELECT} WHERE p.user_id = $1 ORDER BY p."timestamp", p.client`,
    [userId],
  );
}

/** Clients remembered per user; `client` is the caller's to choose, so the rows are bounded. */
const MAX_CLIENTS_PER_USER = 10;

/**
 * Records one client's report (an idle report keeps the client's last active time) and forgets
 * the user's least recently seen clients beyond the limit.
 */
export async function upsertPresence(
  db: Queryable,
  report: { userId: number; client: string; status: number; timestamp: number },
): Promise<void> {
  const activeTimestamp = report.status === PRESENCE_STATUS.active ? report.timestamp : null;
  await db.query(
    `INSERT INTO presence (user_id, client, status, "timestamp", active_timestamp)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, client) DO UPDATE
       SET status = EXCLUDED.status, "timestamp" = EXCLUDED."timestamp",
           active_timestamp = COALESCE(EXCLUDED.active_timestamp, presence.active_timestamp)`,
    [report.userId, report.client, report.status, report.timestamp, activeTimestamp],
  );
  await db.query(
    `DELETE FROM presence WHERE user_id = $1 AND client NOT IN (
       SELECT client FROM presence WHERE user_id = $1
        ORDER BY "timestamp" DESC, client LIMIT ${MAX_CLIENTS_PER_USER})`,
    [report.userId],
  );
}

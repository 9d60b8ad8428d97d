import type { EventWithoutId } from "../../common/wire/events";
import type {
  ClientPresence,
  Presences,
  SlimPresence,
  UserPresence,
} from "../../common/wire/presence";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import {
  listPresence,
  PRESENCE_STATUS,
  upsertPresence,
  userPresence,
  type PresenceRow,
} from "../db/presence";
import type { UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/** A user with no report in this many seconds was offline (Zulip's event threshold). */
const PRESENCE_ONLINE_SECONDS = 140;
/** `server_presence_offline_threshold_seconds`: an `aggregated` older than this is "offline". */
const PRESENCE_OFFLINE_SECONDS = 200;
/** Users idle for longer are left out of the presence lists, as in Zulip. */
const PRESENCE_HORIZON_SECONDS = 14 * 24 * 3600;

type PresenceStatus = "active" | "idle";

function statusName(status: number): PresenceStatus {
  return status === PRESENCE_STATUS.active ? "active" : "idle";
}

function clientEntry(row: PresenceRow): ClientPresence {
  return {
    client: row.client,
    status: statusName(row.status),
    timestamp: row.timestamp,
    pushable: false,
  };
}

/**
 * Legacy format of one user's rows (oldest first): each client, plus `aggregated` naming the most
 * recently updated client, "active" if any client was active near that time. With `now`, an
 * `aggregated` older than the offline threshold reads "offline" (the single-user endpoint).
 */
function legacyPresence(rows: readonly PresenceRow[], now?: number): UserPresence {
  const latest = rows[rows.length - 1];
  if (!latest) return {};
  const isActive = rows.some(
    (row) =>
      row.status === PRESENCE_STATUS.active &&
      row.timestamp >= latest.timestamp - PRESENCE_ONLINE_SECONDS,
  );
  const isOffline = now !== undefined && latest.timestamp < now - PRESENCE_OFFLINE_SECONDS;
  const aggregated: ClientPresence = {
    client: latest.client,
    status: isOffline ? "offline" : isActive ? "active" : "idle",
    timestamp: latest.timestamp,
  };
  // fromEntries defines own properties, so a client named `__proto__` stays a plain key; a
  // client named `aggregated` cannot hide the aggregate.
  const clients = rows.filter((row) => row.client !== "aggregated");
  return Object.fromEntries([
    ...clients.map((row) => [row.client, clientEntry(row)] as const),
    ["aggregated", aggregated] as const,
  ]);
}

function slimPresence(rows: readonly PresenceRow[]): SlimPresence {
  let active = 0;
  let idle = 0;
  for (const row of rows) {
    active = Math.max(active, row.active_timestamp ?? 0);
    idle = Math.max(idle, row.timestamp);
  }
  return { active_timestamp: active, idle_timestamp: idle };
}

function byUser(rows: readonly PresenceRow[]): Map<number, PresenceRow[]> {
  const map = new Map<number, PresenceRow[]>();
  for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row]);
  return map;
}

/** Seconds since the epoch as a float, Zulip's `server_timestamp`. */
function serverTimestamp(ctx: AppContext): number {
  return ctx.clock.now() / 1000;
}

/**
 * Everyone's presence updated in the last two weeks: keyed by email in the legacy format, or by
 * user id (`{active_timestamp, idle_timestamp}`) with `slim_presence`.
 */
export async function realmPresence(
  ctx: AppContext,
  slim: boolean,
): Promise<{ presences: Presences; server_timestamp: number }> {
  const now = Math.floor(serverTimestamp(ctx));
  const grouped = byUser(await listPresence(ctx.db, now - PRESENCE_HORIZON_SECONDS));
  const entries = [...grouped].map(([userId, rows]): [string, SlimPresence | UserPresence] =>
    slim ? [String(userId), slimPresence(rows)] : [rows[0]?.email ?? "", legacyPresence(rows)],
  );
  return { presences: Object.fromEntries(entries), server_timestamp: serverTimestamp(ctx) };
}

export interface PresenceReport {
  status: PresenceStatus;
  client: string;
}

/** Zulip's `human_users_only`. */
function requireHuman(user: UserRow): void {
  if (user.is_bot) throw badRequest("This endpoint does not accept bot requests.");
}

/**
 * Records a client's status. Publishes `presence` to every queue when the user comes online (no
 * report in the last 140 s) or this client's status changes; repeated pings publish nothing.
 */
export async function updatePresence(
  ctx: AppContext,
  user: UserRow,
  report: PresenceReport,
): Promise<void> {
  requireHuman(user);
  const now = Math.floor(serverTimestamp(ctx));
  const status = PRESENCE_STATUS[report.status];
  const previous = await ctx.db.transaction(async (tx) => {
    const rows = await userPresence(tx, user.id);
    await upsertPresence(tx, { userId: user.id, client: report.client, status, timestamp: now });
    return rows;
  });
  const wasOffline = !previous.some((row) => row.timestamp > now - PRESENCE_ONLINE_SECONDS);
  const before = previous.find((row) => row.client === report.client);
  if (!wasOffline && before?.status === status) return;
  const event: EventWithoutId<"presence"> = {
    type: "presence",
    user_id: user.id,
    email: user.email,
    server_timestamp: serverTimestamp(ctx),
    presence: Object.fromEntries([
      [
        report.client,
        { client: report.client, status: report.status, timestamp: now, pushable: false },
      ],
    ]),
  };
  ctx.queues.publishWhere(
    () => true,
    () => event,
  );
}

/**
 * `GET /users/{id or email}/presence`: that user's clients and `aggregated`. Errors: "No such
 * user" (unknown or deactivated), bots, "No presence data for x".
 */
export async function getUserPresence(
  db: Queryable,
  target: UserRow | undefined,
  asked: string,
  now: number,
): Promise<UserPresence> {
  if (!target?.is_active) throw badRequest("No such user");
  if (target.is_bot) throw badRequest("Presence is not supported for bot users.");
  const rows = await userPresence(db, target.id);
  if (rows.length === 0) throw badRequest(`No presence data for ${asked}`);
  return legacyPresence(rows, now);
}

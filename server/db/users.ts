import { isDbId } from "./ids";
import type { Queryable } from "./database";
import { queryJsonRows } from "./json-rows";

/** A row of `users`. */
export interface UserRow {
  id: number;
  email: string;
  full_name: string;
  role: number;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_active: boolean;
  api_key: string;
  timezone: string;
  date_joined: number;
}

import { ROLE } from "../../common/wire/users";

export { ROLE };

/** Zulip's `settings.NOTIFICATION_BOT`: the system bot that posts the server's notices. */
export const NOTIFICATION_BOT_EMAIL = "notification-bot@zulip.com";

/**
 * Zulip's system bots (`is_system_bot`): they live outside the organisation, so Zulip lists them
 * in register's `cross_realm_bots`, never in `realm_users` or `GET /users`.
 */
export function isSystemBot(user: Pick<UserRow, "email">): boolean {
  return user.email.toLowerCase() === NOTIFICATION_BOT_EMAIL;
}

export function isAdministrator(user: Pick<UserRow, "role">): boolean {
  return user.role <= ROLE.administrator;
}

const USER_COLUMNS =
  "id, email, full_name, role, is_bot, bot_type, bot_owner_id, is_active, api_key, timezone, date_joined";

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

/** The user with this id; an id no row can have (e.g. 2^40) finds none rather than failing. */
export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  if (!isDbId(id)) return undefined;
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * The users of `ids` that exist, by id. An empty list (a page of stream messages names no
 * participant) finds none without a round trip to the database.
 */
export async function findUsersByIds(db: Queryable, ids: readonly number[]): Promise<UserRow[]> {
  const valid = ids.filter(isDbId);
  if (valid.length === 0) return [];
  return db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = ANY($1::int[]) ORDER BY id`,
    [valid],
  );
}

/** Every user, by id (as one JSON text: register and the user list read them all at once). */
export async function listUsers(db: Queryable): Promise<UserRow[]> {
  return queryJsonRows<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users`, [], "q.id");
}

/** The organisation's own users: every row but the system bots. */
export async function listRealmUsers(db: Queryable): Promise<UserRow[]> {
  return (await listUsers(db)).filter((user) => !isSystemBot(user));
}

export interface NewUser {
  email: string;
  fullName: string;
  role: number;
  isBot: boolean;
  botType?: number;
  botOwnerId?: number;
  apiKey: string;
  passwordHash?: string;
  timezone?: string;
  dateJoined: number;
}

/** Inserts a user and its personal recipient (the target of direct messages to them). */
export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, role, is_bot, bot_type, bot_owner_id, api_key,
                        password_hash, timezone, date_joined)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      user.email,
      user.fullName,
      user.role,
      user.isBot,
      user.botType ?? null,
      user.botOwnerId ?? null,
      user.apiKey,
      user.passwordHash ?? null,
      user.timezone ?? "",
      user.dateJoined,
    ],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  await db.query("INSERT INTO recipients (type, type_id) VALUES (1, $1)", [row.id]);
  return row.id;
}

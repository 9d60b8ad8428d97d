import { isDbId } from "./ids";
import type { Queryable } from "./database";

/** A row of `streams` with its recipient id. */
export interface StreamRow {
  id: number;
  name: string;
  description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  date_created: number;
  first_message_id: number | null;
  /** The user group allowed to unsubscribe others: Zulip's default, `role:administrators`. */
  can_remove_subscribers_group: number;
  recipient_id: number;
}

/** A stream as one user is subscribed to it. */
export interface SubscribedStreamRow extends StreamRow {
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  /** Null: the user's default. */
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

const STREAM_COLUMNS = `s.id, s.name, s.description, s.invite_only, s.history_public_to_subscribers,
  s.date_created, s.first_message_id, r.id AS recipient_id,
  (SELECT g.id FROM user_groups g WHERE g.name = 'role:administrators') AS can_remove_subscribers_group`;
/** The subscription's own settings (of `SubscribedStreamRow`), from `subscriptions sub`. */
const SUBSCRIPTION_COLUMNS = `sub.color, sub.is_muted, sub.pin_to_top, sub.desktop_notifications,
  sub.audible_notifications, sub.push_notifications, sub.email_notifications,
  sub.wildcard_mentions_notify`;
const STREAM_FROM = "streams s JOIN recipients r ON r.type = 2 AND r.type_id = s.id";

export async function findStreamByName(
  db: Queryable,
  name: string,
): Promise<StreamRow | undefined> {
  const rows = await db.query<StreamRow>(
    `SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} WHERE lower(s.name) = lower($1)`,
    [name],
  );
  return rows[0];
}

/** The stream with this id; an id no row can have finds none rather than failing. */
export async function findStreamById(db: Queryable, id: number): Promise<StreamRow | undefined> {
  if (!isDbId(id)) return undefined;
  const rows = await db.query<StreamRow>(
    `SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

export async function listStreams(db: Queryable): Promise<StreamRow[]> {
  return db.query<StreamRow>(`SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM} ORDER BY s.id`);
}

/** The streams `userId` is actively subscribed to, with the subscription's own settings. */
export async function listSubscribedStreams(
  db: Queryable,
  userId: number,
): Promise<SubscribedStreamRow[]> {
  return db.query<SubscribedStreamRow>(
    `SELECT ${STREAM_COLUMNS}, ${SUBSCRIPTION_COLUMNS}
       FROM ${STREAM_FROM} JOIN subscriptions sub ON sub.stream_id = s.id
      WHERE sub.user_id = $1 AND sub.active
      ORDER BY lower(s.name)`,
    [userId],
  );
}

/** Active subscribers of every stream, keyed by stream id. */
export async function subscribersByStream(db: Queryable): Promise<Map<number, number[]>> {
  const rows = await db.query<{ stream_id: number; user_id: number }>(
    "SELECT stream_id, user_id FROM subscriptions WHERE active ORDER BY stream_id, user_id",
  );
  const map = new Map<number, number[]>();
  for (const row of rows) {
    const list = map.get(row.stream_id);
    if (list) list.push(row.user_id);
    else map.set(row.stream_id, [row.user_id]);
  }
  return map;
}

export async function subscriberIds(db: Queryable, streamId: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    "SELECT user_id FROM subscriptions WHERE stream_id = $1 AND active ORDER BY user_id",
    [streamId],
  );
  return rows.map((row) => row.user_id);
}

export async function isSubscribed(
  db: Queryable,
  userId: number,
  streamId: number,
): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    "SELECT 1 AS one FROM subscriptions WHERE user_id = $1 AND stream_id = $2 AND active",
    [userId, streamId],
  );
  return rows.length > 0;
}

export interface NewStream {
  name: string;
  description: string;
  inviteOnly: boolean;
  historyPublicToSubscribers: boolean;
  dateCreated: number;
}

/** Inserts a stream and its recipient. */
export async function insertStream(db: Queryable, stream: NewStream): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO streams (name, description, invite_only, history_public_to_subscribers, date_created)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      stream.name,
      stream.description,
      stream.inviteOnly,
      stream.historyPublicToSubscribers,
      stream.dateCreated,
    ],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  await db.query("INSERT INTO recipients (type, type_id) VALUES (2, $1)", [row.id]);
  return row.id;
}

/** Subscribes (or re-activates the subscription of) a user; returns false if already subscribed. */
export async function upsertSubscription(
  db: Queryable,
  userId: number,
  streamId: number,
  color: string,
): Promise<boolean> {
  const rows = await db.query<{ user_id: number }>(
    `INSERT INTO subscriptions (user_id, stream_id, color) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, stream_id) DO UPDATE SET active = true WHERE NOT subscriptions.active
     RETURNING user_id`,
    [userId, streamId, color],
  );
  return rows.length > 0;
}

/** A stream with one user's subscription to it, current (`active`) or former. */
export interface SubscriptionRow extends SubscribedStreamRow {
  active: boolean;
}

/** Every subscription `userId` has or had (Zulip keeps a row when one unsubscribes). */
export async function listSubscriptionRows(
  db: Queryable,
  userId: number,
): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `SELECT ${STREAM_COLUMNS}, ${SUBSCRIPTION_COLUMNS}, sub.active
       FROM ${STREAM_FROM} JOIN subscriptions sub ON sub.stream_id = s.id
      WHERE sub.user_id = $1
      ORDER BY lower(s.name)`,
    [userId],
  );
}

/** The active subscriptions of `userId` to the streams `streamIds`. */
export async function subscribedStreamsAmong(
  db: Queryable,
  userId: number,
  streamIds: readonly number[],
): Promise<SubscribedStreamRow[]> {
  return db.query<SubscribedStreamRow>(
    `SELECT ${STREAM_COLUMNS}, ${SUBSCRIPTION_COLUMNS}
       FROM ${STREAM_FROM} JOIN subscriptions sub ON sub.stream_id = s.id
      WHERE sub.user_id = $1 AND sub.active AND s.id = ANY($2::int[])
      ORDER BY lower(s.name)`,
    [userId, streamIds],
  );
}

/** Active subscribers of the streams `streamIds`, keyed by stream id (every id present). */
export async function subscribersOfStreams(
  db: Queryable,
  streamIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await db.query<{ stream_id: number; user_id: number }>(
    `SELECT stream_id, user_id FROM subscriptions
      WHERE active AND stream_id = ANY($1::int[]) ORDER BY stream_id, user_id`,
    [streamIds],
  );
  const map = new Map<number, number[]>(streamIds.map((id) => [id, []]));
  for (const row of rows) map.get(row.stream_id)?.push(row.user_id);
  return map;
}

/** The colours of the streams `userId` is subscribed to (to pick a different one). */
export async function subscriptionColors(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ color: string }>(
    "SELECT color FROM subscriptions WHERE user_id = $1 AND active",
    [userId],
  );
  return rows.map((row) => row.color);
}

/**
 * Inserts a stream and its recipient unless one of the same name (ignoring case) exists;
 * returns the new id, or undefined when the name was taken (e.g. by a concurrent request).
 */
export async function insertStreamIfAbsent(
  db: Queryable,
  stream: NewStream,
): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO streams (name, description, invite_only, history_public_to_subscribers, date_created)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT ((lower(name))) DO NOTHING RETURNING id`,
    [
      stream.name,
      stream.description,
      stream.inviteOnly,
      stream.historyPublicToSubscribers,
      stream.dateCreated,
    ],
  );
  if (!row) return undefined;
  await db.query("INSERT INTO recipients (type, type_id) VALUES (2, $1)", [row.id]);
  return row.id;
}

/** Ends a user's subscription, keeping the row (colour, settings); false if not subscribed. */
export async function deactivateSubscription(
  db: Queryable,
  userId: number,
  streamId: number,
): Promise<boolean> {
  const rows = await db.query<{ user_id: number }>(
    `UPDATE subscriptions SET active = false
      WHERE user_id = $1 AND stream_id = $2 AND active RETURNING user_id`,
    [userId, streamId],
  );
  return rows.length > 0;
}

/** A topic of a stream: its newest spelling and the id of its last message. */
export interface TopicRow {
  name: string;
  max_id: number;
}

/**
 * The topics of a stream, newest first, names differing only in case merged under the spelling
 * of their newest message. With `receiverId`, only messages that user received count (a private
 * stream with protected history).
 *
 * A loose index scan of (stream_id, lower(subject), id): the recursive part steps from one topic
 * to the next in the index, and each topic's newest message is the last entry of its range, so
 * the read costs two index probes per topic, not a sort of every message of the stream (at
 * 1,000,000 messages a busy stream holds 100,000, and the sort took 300–900 ms in front of the
 * switch's first window). Read from `messages` itself, a move, edit or deletion shows at once.
 * With `receiverId`, each topic is walked back from its newest message to the newest one the
 * user received: short for a subscriber, the whole topic only for topics they never received.
 */
export async function listTopics(
  db: Queryable,
  streamId: number,
  receiverId: number | undefined,
): Promise<TopicRow[]> {
  const receivedOnly =
    receiverId === undefined
      ? ""
      : "AND EXISTS (SELECT 1 FROM user_messages um WHERE um.message_id = m.id AND um.user_id = $2)";
  return db.query<TopicRow>(
    `WITH RECURSIVE keys(topic) AS (
       (SELECT lower(m.subject) FROM messages m WHERE m.stream_id = $1
         ORDER BY lower(m.subject) LIMIT 1)
       UNION ALL
       SELECT (SELECT lower(m.subject) FROM messages m
                WHERE m.stream_id = $1 AND lower(m.subject) > keys.topic
                ORDER BY lower(m.subject) LIMIT 1)
         FROM keys WHERE keys.topic IS NOT NULL
     )
     SELECT newest.subject AS name, newest.id AS max_id
       FROM keys CROSS JOIN LATERAL (
         SELECT m.subject, m.id FROM messages m
          WHERE m.stream_id = $1 AND lower(m.subject) = keys.topic ${receivedOnly}
          ORDER BY m.id DESC LIMIT 1
       ) newest
      ORDER BY newest.id DESC`,
    receiverId === undefined ? [streamId] : [streamId, receiverId],
  );
}

/** A stream whose `first_message_id` was just corrected. */
export interface FirstMessageIdChange {
  id: number;
  name: string;
  first_message_id: number | null;
}

/**
 * Sets each stream's `first_message_id` to its oldest remaining message (null when none is
 * left), and returns the streams whose value changed.
 */
export async function refreshFirstMessageIds(
  db: Queryable,
  streamIds: readonly number[],
): Promise<FirstMessageIdChange[]> {
  if (streamIds.length === 0) return [];
  return db.query<FirstMessageIdChange>(
    `WITH firsts AS (
       SELECT s.id, (SELECT min(m.id) FROM messages m WHERE m.stream_id = s.id) AS first_id
         FROM streams s WHERE s.id = ANY($1::int[]))
     UPDATE streams s SET first_message_id = f.first_id
       FROM firsts f
      WHERE s.id = f.id AND s.first_message_id IS DISTINCT FROM f.first_id
     RETURNING s.id, s.name, s.first_message_id`,
    [[...new Set(streamIds)]],
  );
}

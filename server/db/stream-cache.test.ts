import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-database";
import type { Database } from "./database";
import { migrate } from "./migrate";
import { streamCacheOf, STREAM_CACHE_TTL_MS, StreamCache } from "./stream-cache";

let db: Database;
let bob: number;
let streamId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, role, api_key, date_joined)
     VALUES ('bob@x.test', 'Bob', 400, 'k', 0) RETURNING id`,
  );
  bob = user?.id ?? 0;
  const [stream] = await db.query<{ id: number }>(
    "INSERT INTO streams (name, description, date_created) VALUES ('room', '', 0) RETURNING id",
  );
  streamId = stream?.id ?? 0;
  await db.query("INSERT INTO recipients (type, type_id) VALUES (2, $1)", [streamId]);
});
afterAll(async () => {
  await db.close();
});

describe("StreamCache", () => {
  it("serves a stream from memory until invalidated, and never caches a miss", async () => {
    const cache = streamCacheOf({});
    const found = await cache.find(db, "room");
    expect(found?.row.id).toBe(streamId);
    expect(found?.subscriberIds).toEqual([]);
    await db.query(
      "INSERT INTO subscriptions (user_id, stream_id, color) VALUES ($1, $2, '#fff')",
      [bob, streamId],
    );
    expect((await cache.find(db, "room"))?.subscriberIds).toEqual([]);
    const generation = cache.generation;
    cache.invalidate();
    expect(cache.generation).toBe(generation + 1);
    expect((await cache.find(db, "room"))?.subscriberIds).toEqual([bob]);
    expect(await cache.find(db, "nowhere")).toBeUndefined();
    await db.query(
      "INSERT INTO streams (name, description, date_created) VALUES ('nowhere', '', 0)",
    );
    await db.query(
      "INSERT INTO recipients (type, type_id) SELECT 2, id FROM streams WHERE name = 'nowhere'",
    );
    expect((await cache.find(db, "nowhere"))?.row.name).toBe("nowhere");
  });

  it("does not keep what it read while an invalidation happened", async () => {
    const cache = streamCacheOf({});
    const racing = {
      async query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
        const rows = await db.query<Row>(sql, params);
        cache.invalidate(); // a subscription changed while the stream was being read
        return rows;
      },
    };
    expect((await cache.find(racing, streamId))?.row.name).toBe("room");
    let lookups = 0;
    const counting = {
      query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
        lookups++;
        return db.query<Row>(sql, params);
      },
    };
    await cache.find(counting, streamId);
    await cache.find(counting, streamId);
    expect(lookups).toBe(2); // read once (stream and subscribers), then from memory
  });

  it("reads a stream again once its entry is older than the TTL", async () => {
    let now = 0;
    const cache = new StreamCache(() => now);
    let lookups = 0;
    const counting = {
      query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
        lookups++;
        return db.query<Row>(sql, params);
      },
    };
    await cache.find(counting, "room");
    now += STREAM_CACHE_TTL_MS - 1;
    await cache.find(counting, "room");
    expect(lookups).toBe(2);
    now += 1;
    await cache.find(counting, "room");
    expect(lookups).toBe(4);
  });

  it("is one cache per database object", () => {
    const a = {};
    expect(streamCacheOf(a)).toBe(streamCacheOf(a));
    expect(streamCacheOf(a)).not.toBe(streamCacheOf({}));
  });
});

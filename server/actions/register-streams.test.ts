import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "../db/users";
import { concurrencyDb, recordingDb } from "../test/recording-db";
import { startTestServer, type TestServer } from "../test/test-server";
import { fetchInitialState } from "./register";

// The reads of POST /register: `subscriptions` (and co.) and `streams` come from one read, and
// the message history's long reads run beside the organisation's.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("register's streams", () => {
  it("reads the streams and the user's subscriptions once for subscriptions and streams", async () => {
    const user = await findUserByEmail(server.ctx.db, "hamlet@parley.test");
    if (!user) throw new Error("no hamlet");
    const statements: string[] = [];
    const ctx = { ...server.ctx, db: recordingDb(server.ctx.db, statements) };
    const state = await fetchInitialState(ctx, user, new Set(["subscription", "stream"]), {
      clientGravatar: false,
      includeSubscribers: true,
      realmUrl: "http://parley.test",
    });
    // Each statement reading stream rows (their columns start with the stream's id and name).
    const streamReads = statements.filter((sql) => /SELECT\s+s\.id,\s*s\.name\b/.test(sql));
    expect(streamReads).toHaveLength(2);
    expect(state.subscriptions?.length).toBeGreaterThan(0);
    expect(state.never_subscribed?.length).toBeGreaterThan(0);
    const subscribed = new Set(state.subscriptions?.map((s) => s.stream_id));
    const neverSubscribed = new Set(state.never_subscribed?.map((s) => s.stream_id));
    // Every public stream, sorted by name: the subscribed ones and the others.
    expect(state.streams?.map((s) => s.stream_id).sort()).toEqual(
      [...subscribed, ...neverSubscribed].sort(),
    );
    const names = state.streams?.map((s) => s.name) ?? [];
    expect(names).toEqual([...names].sort());
  });
});

describe("register's reads", () => {
  it("reads the organisation while the message history's reads run, at most five at once", async () => {
    const user = await findUserByEmail(server.ctx.db, "hamlet@parley.test");
    if (!user) throw new Error("no hamlet");
    const seen = { inFlight: 0, most: 0 };
    const ctx = { ...server.ctx, db: concurrencyDb(server.ctx.db, seen) };
    const state = await fetchInitialState(ctx, user, null, {
      clientGravatar: false,
      includeSubscribers: false,
      realmUrl: "http://parley.test",
    });
    expect(state.unread_msgs).toBeDefined();
    expect(state.realm_users?.length).toBeGreaterThan(0);
    expect(state.subscriptions?.length).toBeGreaterThan(0);
    // The history's three reads and the streams' two.
    expect(seen.most).toBe(5);
  });
});

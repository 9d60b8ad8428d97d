import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import { startTestServer, type TestServer } from "../test/test-server";
import {
  authenticateBasic,
  CREDENTIAL_CACHE_TTL_MS,
  CredentialCache,
  forgetCredentials,
} from "./auth";

const KEY = "A".repeat(32);
const header = (email: string, key: string) =>
  `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`;

/** A database holding one user, counting the lookups it answers; `row` may be changed. */
function fakeUsers() {
  const state = {
    lookups: 0,
    row: {
      id: 7,
      email: "kim@parley.test",
      full_name: "Kim",
      role: 400,
      is_bot: false,
      bot_type: null,
      bot_owner_id: null,
      is_active: true,
      api_key: KEY,
      timezone: "",
      date_joined: 0,
    },
  };
  const db: Queryable = {
    query<Row>(_sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      state.lookups++;
      const matches = String(params[0]).toLowerCase() === state.row.email;
      // The shape of `findUserByEmail`'s row, which is all this fake answers.
      return Promise.resolve(matches ? [{ ...state.row } as Row] : []);
    },
  };
  return { state, db };
}

describe("CredentialCache", () => {
  it("answers a verified pair without a query until the TTL runs out", async () => {
    const { state, db } = fakeUsers();
    let now = 0;
    const cache = new CredentialCache(() => now);
    await authenticateBasic(db, header("kim@parley.test", KEY), cache);
    await authenticateBasic(db, header("kim@parley.test", KEY), cache);
    expect(state.lookups).toBe(1);
    now += CREDENTIAL_CACHE_TTL_MS;
    state.row.is_active = false;
    await expect(authenticateBasic(db, header("kim@parley.test", KEY), cache)).rejects.toThrow(
      "Account is deactivated",
    );
    expect(state.lookups).toBe(2);
  });

  it("never caches a failure", async () => {
    const { state, db } = fakeUsers();
    const cache = new CredentialCache(() => 0);
    const wrong = header("kim@parley.test", "B".repeat(32));
    await expect(authenticateBasic(db, wrong, cache)).rejects.toThrow("Invalid API key");
    await expect(authenticateBasic(db, wrong, cache)).rejects.toThrow("Invalid API key");
    expect(state.lookups).toBe(2);
  });

  it("forgets one user's credentials, or everyone's, at once", async () => {
    const { state, db } = fakeUsers();
    const cache = new CredentialCache(() => 0);
    await authenticateBasic(db, header("kim@parley.test", KEY), cache);
    cache.forget(8);
    await authenticateBasic(db, header("kim@parley.test", KEY), cache);
    expect(state.lookups).toBe(1);
    cache.forget(7);
    state.row.api_key = "C".repeat(32);
    await expect(authenticateBasic(db, header("kim@parley.test", KEY), cache)).rejects.toThrow(
      "Invalid API key",
    );
    await authenticateBasic(db, header("kim@parley.test", "C".repeat(32)), cache);
    cache.forget();
    await authenticateBasic(db, header("kim@parley.test", "C".repeat(32)), cache);
    expect(state.lookups).toBe(4);
  });

  it("does not keep a verification that raced with a forget", async () => {
    const { state, db } = fakeUsers();
    const cache = new CredentialCache(() => 0);
    const racing: Queryable = {
      async query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
        const rows = await db.query<Row>(sql, params);
        cache.forget(7); // the key is regenerated while the lookup is under way
        return rows;
      },
    };
    await authenticateBasic(racing, header("kim@parley.test", KEY), cache);
    await authenticateBasic(db, header("kim@parley.test", KEY), cache);
    expect(state.lookups).toBe(2);
  });
});

describe("authenticateBasic in the server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("refuses a regenerated key at once", async () => {
    const old = await server.auth("hamlet@parley.test");
    expect((await server.api("GET", "users/me", {}, old)).status).toBe(200);
    const fresh = "Z".repeat(32);
    const [row] = await server.ctx.db.query<{ id: number }>(
      "UPDATE users SET api_key = $1 WHERE email = 'hamlet@parley.test' RETURNING id",
      [fresh],
    );
    forgetCredentials(server.ctx.db, row?.id); // what regenerating a key must call
    const refused = await server.api("GET", "users/me", {}, old);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "UNAUTHORIZED", msg: "Invalid API key" });
    const accepted = await server.api("GET", "users/me", {}, header("hamlet@parley.test", fresh));
    expect(accepted.status).toBe(200);
  });
});

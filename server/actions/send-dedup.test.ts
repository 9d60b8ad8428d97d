import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../config";
import type { Database } from "../db/database";
import { startServer, type RunningServer } from "../start";
import { FakeClock } from "../test/fake-clock";
import { encodeParams } from "../test/test-server";
import { openTestDatabase } from "../test/test-database";

// `POST /messages` with a `local_id`: Parley's deduplication of a client's resends.

const config: ServerConfig = {
  ...loadConfig({}, process.cwd()),
  demoSize: "minimal",
  dataDir: undefined,
  clientDir: undefined,
  databaseUrl: undefined,
};
const clock = new FakeClock();
let db: Database;
let server: RunningServer;
const keys = new Map<string, string>();

/** A server on `db` as a fresh process would have it: no state shared with an earlier one. */
async function start(): Promise<RunningServer> {
  // A new object per start: every in-memory cache and the group committer are per object.
  const view: Database = { ...db, close: () => Promise.resolve() };
  return startServer(config, { db: view, clock });
}

beforeAll(async () => {
  db = await openTestDatabase();
  server = await start();
});
afterAll(async () => {
  await server.close({ saveQueues: false });
  await db.close();
});

async function auth(name: string): Promise<string> {
  const email = `${name}@parley.test`;
  let key = keys.get(email);
  if (key === undefined) {
    const [row] = await db.query<{ api_key: string }>(
      "SELECT api_key FROM users WHERE email = $1",
      [email],
    );
    if (!row) throw new Error(`no ${email}`);
    key = row.api_key;
    keys.set(email, key);
  }
  return `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`;
}

async function post(name: string, params: Record<string, string>) {
  const response = await server.app.inject({
    method: "POST",
    url: "/api/v1/messages",
    headers: {
      authorization: await auth(name),
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: encodeParams({ type: "stream", to: "general", topic: "resends", ...params }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function copiesOf(content: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM messages WHERE content = $1",
    [content],
  );
  return row?.n ?? -1;
}

describe("POST /messages with local_id", () => {
  it("answers a resend from the same sender with the first message's id, sending nothing", async () => {
    const first = await post("hamlet", { content: "only once", local_id: "a.1" });
    const again = await post("hamlet", { content: "only once", local_id: "a.1" });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(Object.keys(again.body).sort()).toEqual(["id", "msg", "result"]);
    expect(await copiesOf("only once")).toBe(1);
  });

  it("never merges different senders, or sends without a local_id", async () => {
    const hamlet = await post("hamlet", { content: "same words", local_id: "b.1" });
    const othello = await post("othello", { content: "same words", local_id: "b.1" });
    expect(othello.body["id"]).not.toBe(hamlet.body["id"]);
    const plain = await post("hamlet", { content: "no local id" });
    const plainAgain = await post("hamlet", { content: "no local id" });
    expect(plainAgain.body["id"]).not.toBe(plain.body["id"]);
    expect(await copiesOf("same words")).toBe(2);
    expect(await copiesOf("no local id")).toBe(2);
  });

  it("sends a different message that reuses a local_id (Zulip's clients number theirs per session)", async () => {
    const first = await post("hamlet", { content: "first words", local_id: "c.1" });
    const other = await post("hamlet", { content: "other words", local_id: "c.1" });
    expect(other.body["id"]).not.toBe(first.body["id"]);
    expect(await copiesOf("other words")).toBe(1);
  });

  it("forgets a local_id after 10 minutes", async () => {
    const first = await post("hamlet", { content: "ten minutes", local_id: "d.1" });
    clock.advance(9 * 60_000);
    expect((await post("hamlet", { content: "ten minutes", local_id: "d.1" })).body).toEqual(
      first.body,
    );
    clock.advance(61_000);
    const late = await post("hamlet", { content: "ten minutes", local_id: "d.1" });
    expect(late.status).toBe(200);
    expect(late.body["id"]).not.toBe(first.body["id"]);
    // The late one now stands for the key.
    expect((await post("hamlet", { content: "ten minutes", local_id: "d.1" })).body).toEqual(
      late.body,
    );
  });

  it("still knows a local_id after a restart on the same database", async () => {
    const first = await post("othello", { content: "across restarts", local_id: "e.1" });
    await server.close({ saveQueues: false });
    server = await start();
    const again = await post("othello", { content: "across restarts", local_id: "e.1" });
    expect(again.body).toEqual(first.body);
    expect(await copiesOf("across restarts")).toBe(1);
  });

  it("does not remember a send that failed", async () => {
    const refused = await post("polonius", { to: "board", content: "let me in", local_id: "f.1" });
    expect(refused.status).toBe(400);
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM message_local_ids l JOIN users u ON u.id = l.sender_id
        WHERE u.email = 'polonius@parley.test'`,
    );
    expect(row?.n).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
const auth: Record<string, string> = {};
const NAMES = ["desdemona", "iago", "hamlet", "othello", "cordelia", "polonius", "welcome-bot"];
const streamIds: Record<string, number> = {};

type Params = Record<string, string | number | boolean | object>;

async function createStream(who: string, name: string, params: Params = {}): Promise<number> {
  const { body } = await server.api(
    "POST",
    "users/me/subscriptions",
    { subscriptions: [{ name }], ...params },
    auth[who],
  );
  expect(body["result"]).toBe("success");
  const [row] = await server.ctx.db.query<{ id: number }>(
    "SELECT id FROM streams WHERE name = $1",
    [name],
  );
  return row?.id ?? -1;
}
async function send(who: string, stream: string, topic: string): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to: stream, topic, content: `${topic} by ${who}` },
    auth[who],
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // our server's response
}
const topics = (who: string, streamId: number | string) =>
  server.api("GET", `users/me/${streamId}/topics`, {}, auth[who]);
async function streamNames(who: string, params: Params = {}): Promise<string[]> {
  const { status, body } = await server.api("GET", "streams", params, auth[who]);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body["streams"] as { name: string }[]).map((s) => s.name); // our server's response
}

beforeAll(async () => {
  server = await startTestServer();
  for (const name of NAMES) auth[name] = await server.auth(`${name}@parley.test`);
  for (const row of await server.ctx.db.query<{ id: number; name: string }>(
    "SELECT id, name FROM streams",
  )) {
    streamIds[row.name] = row.id;
  }
});
afterAll(async () => {
  await server.close();
});

describe("GET /users/me/{stream_id}/topics", () => {
  it("lists topics newest first, merging names that differ only in case", async () => {
    const id = await createStream("hamlet", "topical");
    await send("hamlet", "topical", "Alpha");
    const beta = await send("hamlet", "topical", "beta");
    const alpha = await send("othello", "topical", "alpha");
    const gamma = await send("hamlet", "topical", "Gamma");
    const expected = [
      { name: "Gamma", max_id: gamma },
      { name: "alpha", max_id: alpha },
      { name: "beta", max_id: beta },
    ];
    const mine = await topics("hamlet", id);
    expect(mine.body).toEqual({ result: "success", msg: "", topics: expected });
    expect((await topics("othello", id)).body["topics"]).toEqual(expected);
  });

  it("answers `Invalid stream ID` for unknown ids and streams the caller cannot read", async () => {
    const secret = await createStream("hamlet", "secret-topics", { invite_only: true });
    await send("hamlet", "secret-topics", "plans");
    const cases: [string, number | string][] = [
      ["othello", 999_999],
      ["othello", "abc"],
      ["othello", "99999999999"],
      ["othello", "-1"],
      ["othello", streamIds["leadership"]!],
      ["iago", secret],
      ["polonius", streamIds["engineering"]!],
    ];
    for (const [who, id] of cases) {
      const { status, body } = await topics(who, id);
      expect(status).toBe(400);
      expect(body).toEqual({ result: "error", msg: "Invalid stream ID", code: "BAD_REQUEST" });
    }
    expect((await topics("iago", streamIds["leadership"]!)).status).toBe(200);
    expect((await topics("polonius", streamIds["general"]!)).status).toBe(200);
  });

  it("with protected history lists only topics of messages the caller received", async () => {
    const id = await createStream("hamlet", "protected", { invite_only: true });
    const open = await createStream("hamlet", "shared-history", {
      invite_only: true,
      history_public_to_subscribers: true,
    });
    await send("hamlet", "protected", "early");
    await send("hamlet", "shared-history", "early");
    for (const name of ["protected", "shared-history"]) {
      await server.api(
        "POST",
        "users/me/subscriptions",
        { subscriptions: [{ name }], principals: ["cordelia@parley.test"] },
        auth["hamlet"],
      );
    }
    const late = await send("hamlet", "protected", "late");
    await send("hamlet", "shared-history", "late");
    expect((await topics("cordelia", id)).body["topics"]).toEqual([{ name: "late", max_id: late }]);
    expect((await topics("hamlet", id)).body["topics"]).toHaveLength(2);
    expect((await topics("cordelia", open)).body["topics"]).toHaveLength(2);
  });
});

describe("GET /streams", () => {
  it("gives public and subscribed streams by default, sorted by name", async () => {
    const othello = await streamNames("othello");
    expect(othello).toEqual([...othello].sort());
    expect(othello).toEqual(expect.arrayContaining(["engineering", "general", "random"]));
    expect(othello).not.toContain("leadership");
    expect(await streamNames("hamlet")).toContain("leadership");
  });

  it("honours include_public and include_subscribed", async () => {
    expect(await streamNames("cordelia", { include_public: false })).toEqual(
      expect.arrayContaining(["general", "random"]),
    );
    expect(await streamNames("cordelia", { include_public: false })).not.toContain("engineering");
    expect(
      await streamNames("cordelia", { include_public: false, include_subscribed: false }),
    ).toEqual([]);
  });

  it("gives every stream to administrators with include_all_active, and refuses others", async () => {
    const all = await streamNames("iago", { include_all_active: true });
    expect(all).toEqual(expect.arrayContaining(["leadership", "secret-topics", "protected"]));
    const refused = await server.api(
      "GET",
      "streams",
      { include_all_active: true },
      auth["othello"],
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      msg: "User not authorized for this query",
      code: "BAD_REQUEST",
    });
  });

  it("shows guests only the streams they are subscribed to", async () => {
    const subscribed = ["announcements", "general", "support"];
    expect(await streamNames("polonius")).toEqual(subscribed);
    expect(await streamNames("polonius", { include_public: true })).toEqual(subscribed);
  });

  it("marks is_default when asked, and adds the bot owner's streams when asked", async () => {
    const { body } = await server.api("GET", "streams", { include_default: true }, auth["othello"]);
    expect(body["streams"]).toContainEqual(
      expect.objectContaining({ name: "general", is_default: false }),
    );
    const plain = await server.api("GET", "streams", {}, auth["othello"]);
    expect(plain.body["streams"]).not.toContainEqual(
      expect.objectContaining({ is_default: false }),
    );
    await server.ctx.db.query(
      "UPDATE users SET bot_owner_id = (SELECT id FROM users WHERE email = $1) WHERE email = $2",
      ["hamlet@parley.test", "welcome-bot@parley.test"],
    );
    const bot = await streamNames("welcome-bot", { include_owner_subscribed: true });
    expect(bot).toContain("leadership");
    expect(await streamNames("welcome-bot")).not.toContain("leadership");
  });

  it("refuses malformed flags", async () => {
    const { status, body } = await server.api(
      "GET",
      "streams",
      { include_public: "yes" },
      auth["othello"],
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "INVALID_JSON" });
  });
});

describe("GET /users/me/subscriptions", () => {
  it("matches register's subscriptions, with or without subscribers", async () => {
    for (const includeSubscribers of [true, false]) {
      const { body } = await server.api(
        "GET",
        "users/me/subscriptions",
        { include_subscribers: includeSubscribers },
        auth["hamlet"],
      );
      const registered = await server.api(
        "POST",
        "register",
        { fetch_event_types: ["subscription"], include_subscribers: includeSubscribers },
        auth["hamlet"],
      );
      expect(body["subscriptions"]).toEqual(registered.body["subscriptions"]);
      const first = (body["subscriptions"] as Record<string, unknown>[])[0];
      expect(first !== undefined && "subscribers" in first).toBe(includeSubscribers);
    }
  });
});

describe("GET /streams/{stream_id}/members", () => {
  const members = (who: string, streamId: number | string) =>
    server.api("GET", `streams/${streamId}/members`, {}, auth[who]);
  const idOf = async (name: string) =>
    (await server.ctx.db.query<{ id: number }>("SELECT id FROM streams WHERE name = $1", [name]))[0]
      ?.id ?? -1;
  const userId = async (who: string) =>
    (
      await server.ctx.db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [
        `${who}@parley.test`,
      ])
    )[0]?.id ?? -1;

  it("lists a stream's subscribers to whoever may see the stream", async () => {
    const leadership = await idOf("leadership");
    const expected = await Promise.all(["desdemona", "iago", "hamlet"].map(userId));
    const { status, body } = await members("hamlet", leadership);
    expect(status).toBe(200);
    expect(body).toEqual({
      result: "success",
      msg: "",
      subscribers: expected.sort((a, b) => a - b),
    });
    // A member sees a public stream's subscribers without being one.
    const engineering = await members("cordelia", await idOf("engineering"));
    expect(engineering.body["subscribers"]).toContain(await userId("othello"));
  });

  it("answers Invalid stream ID for a stream the caller may not see, unless an administrator", async () => {
    const leadership = await idOf("leadership");
    const refused = [
      ["othello", leadership],
      ["polonius", await idOf("engineering")],
      ["hamlet", 999_999],
      ["hamlet", "abc"],
    ] as const;
    for (const [who, id] of refused) {
      const { status, body } = await members(who, id);
      expect(status, `${who} ${id}`).toBe(400);
      expect(body).toMatchObject({ result: "error", msg: "Invalid stream ID" });
    }
    // Iago is an administrator; subscribed or not, he may list a private stream's members.
    const board = await createStream("desdemona", "board-private", { invite_only: true });
    const { status } = await members("iago", board);
    expect(status).toBe(200);
  });
});

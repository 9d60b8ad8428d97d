import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

// Values PostgreSQL cannot take (a NUL character in text, an integer beyond bigint) must be
// refused as the client's mistake, never reach the database as a 500. This suite runs on PGlite
// and, through scripts/test-postgres.sh, on a PostgreSQL server.
let server: TestServer;
let iago: string;
beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
});
afterAll(async () => {
  await server.close();
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const fetchNewest = { anchor: "newest", num_before: 1, num_after: 0 };

describe("a NUL character in a parameter", () => {
  it.each<[string, Method, string, Record<string, string | number | object>, string]>([
    ["a user's email in the path", "GET", "users/%00", {}, "user_id, at position 1"],
    ["an email with a NUL inside", "GET", "users/a%00b@example.org", {}, "user_id, at position 2"],
    [
      "a user group's name",
      "POST",
      "user_groups/create",
      { name: "ops\0", description: "d", members: [] },
      "name, at position 4",
    ],
    [
      "a search narrow",
      "GET",
      "messages",
      { ...fetchNewest, narrow: [{ operator: "search", operand: "a\0" }] },
      "narrow, at position 2",
    ],
    [
      "a stream narrow",
      "GET",
      "messages",
      { ...fetchNewest, narrow: [["stream", "\0general"]] },
      "narrow, at position 1",
    ],
    ["an emoji name on delete", "DELETE", "realm/emoji/%00", {}, "emoji_name, at position 1"],
    [
      "a stream name to send to",
      "POST",
      "messages",
      { type: "stream", to: "gen\0", topic: "t", content: "c" },
      "to, at position 4",
    ],
  ])("is refused with a 400: %s", async (_name, method, path, params, where) => {
    const { status, body } = await server.api(method, path, params, iago);
    expect(status).toBe(400);
    expect(body).toEqual({
      result: "error",
      code: "BAD_REQUEST",
      msg: `Invalid character in ${where}!`,
    });
  });

  it.each(["dev_fetch_api_key", "fetch_api_key"])(
    "is refused with a 400 in the username of %s, without authentication",
    async (path) => {
      const { status, body } = await server.api("POST", path, {
        username: "iago@parley.test\0",
        password: "x",
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ msg: "Invalid character in username, at position 17!" });
    },
  );

  it("keeps Zulip's own messages where Zulip checks the characters itself", async () => {
    const send = (params: Record<string, string>) =>
      server.api("POST", "messages", { type: "stream", to: "general", ...params }, iago);
    expect((await send({ topic: "t\0", content: "c" })).body["msg"]).toBe(
      "Invalid character in topic, at position 2!",
    );
    expect((await send({ topic: "t", content: "a\0" })).body["msg"]).toBe(
      "Message must not contain null bytes",
    );
  });
});

describe("integers PostgreSQL cannot hold", () => {
  it.each([1e300, "1e300", -1, "-1", "12abc", 1.5])(
    "refuses an id narrow of %j with Zulip's 'Invalid message ID'",
    async (operand) => {
      const { status, body } = await server.api(
        "GET",
        "messages",
        { ...fetchNewest, narrow: [{ operator: "id", operand }] },
        iago,
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: "BAD_NARROW",
        msg: "Invalid narrow operator: Invalid message ID",
      });
    },
  );

  it("matches nothing for a well-formed id beyond any message, and everything negated", async () => {
    const huge = "99999999999999999999";
    const plain = await server.api(
      "GET",
      "messages",
      { ...fetchNewest, narrow: [{ operator: "id", operand: huge }] },
      iago,
    );
    expect(plain.status).toBe(200);
    expect(plain.body["messages"]).toEqual([]);
    const negated = await server.api(
      "GET",
      "messages",
      { ...fetchNewest, narrow: [{ operator: "id", operand: huge, negated: true }] },
      iago,
    );
    expect(negated.body["messages"]).toHaveLength(1);
  });

  it("reads anchors as Zulip's parse_anchor_value: negative as 0, beyond every id as the newest", async () => {
    const newest = await server.api("GET", "messages", fetchNewest, iago);
    const beyond = await server.api(
      "GET",
      "messages",
      { anchor: "99999999999999999999999", num_before: 1, num_after: 0 },
      iago,
    );
    expect(beyond.status).toBe(200);
    expect(beyond.body["messages"]).toEqual(newest.body["messages"]);
    const negative = await server.api(
      "GET",
      "messages",
      { anchor: "-5", num_before: 0, num_after: 1 },
      iago,
    );
    expect(negative.body["anchor"]).toBe(0);
    expect(
      (await server.api("GET", "messages", { anchor: "1e300", num_before: 1 }, iago)).body["msg"],
    ).toBe("Invalid anchor");
  });

  it.each([
    ["GET", "messages/99999999999999999999", {}],
    ["GET", "messages/9007199254740993", {}],
    ["POST", "messages/flags", { messages: [99999999999], op: "add", flag: "read" }],
    ["GET", "users/me/99999999999/topics", {}],
    ["GET", "users/99999999999", {}],
    ["PATCH", "messages/99999999999999999999", { topic: "x" }],
    ["DELETE", "messages/99999999999999999999", {}],
  ] as const)("answers %s %s with a 400, not a 500", async (method, path, params) => {
    const { status, body } = await server.api(method, path, params, iago);
    expect(status).toBe(400);
    expect(typeof body["msg"]).toBe("string");
  });
});

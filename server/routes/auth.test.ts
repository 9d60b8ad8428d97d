import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("authentication", () => {
  it("serves server_settings without credentials", async () => {
    const { status, body } = await server.api("GET", "server_settings");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      result: "success",
      zulip_feature_level: 247,
      realm_name: "Parley Demo",
    });
    expect(typeof body["zulip_version"]).toBe("string");
    expect(body["realm_uri"]).toBe("http://localhost:80");
  });

  it("answers 401 UNAUTHORIZED with WWW-Authenticate when no credentials are sent", async () => {
    const { status, body, response } = await server.api("GET", "users/me");
    expect(status).toBe(401);
    expect(body).toEqual({
      result: "error",
      code: "UNAUTHORIZED",
      msg: "Not logged in: API authentication or user session required",
    });
    expect(response.headers["www-authenticate"]).toBe('Basic realm="zulip"');
  });

  it.each([
    ["a wrong key", basic(`iago@parley.test:${"x".repeat(32)}`), "Invalid API key"],
    ["an unknown email", basic(`nobody@parley.test:${"x".repeat(32)}`), "Invalid API key"],
    ["a key of the wrong length", basic("iago@parley.test:short"), "Malformed API key"],
    ["no colon", basic("iago@parley.test"), "Invalid authorization header for basic auth"],
    ["broken base64", "Basic %%%", "Invalid authorization header for basic auth"],
  ])("answers 401 UNAUTHORIZED for %s", async (_case, header, msg) => {
    const { status, body } = await server.api("GET", "users/me", {}, header);
    expect(status).toBe(401);
    expect(body).toMatchObject({ result: "error", code: "UNAUTHORIZED", msg });
  });

  it("refuses a scheme other than Basic", async () => {
    const { status, body } = await server.api("GET", "users/me", {}, "Bearer abc");
    expect(status).toBe(400);
    expect(body["msg"]).toBe("This endpoint requires HTTP basic authentication.");
  });

  it("accepts the key of a user with any case of their email", async () => {
    const auth = await server.auth("iago@parley.test");
    const key = Buffer.from(auth.slice(6), "base64").toString().split(":")[1] ?? "";
    const { status, body } = await server.api(
      "GET",
      "users/me",
      {},
      basic(`IAGO@Parley.Test:${key}`),
    );
    expect(status).toBe(200);
    expect(body["email"]).toBe("iago@parley.test");
  });

  it("lists development users and hands out their keys", async () => {
    const { body } = await server.api("GET", "dev_list_users");
    const admins = body["direct_admins"] as { email: string }[]; // response checked by the assertions below
    expect(admins.map((u) => u.email)).toContain("iago@parley.test");
    const key = await server.api("POST", "dev_fetch_api_key", { username: "hamlet@parley.test" });
    expect(key.body).toMatchObject({ result: "success", email: "hamlet@parley.test" });
    expect(key.body["api_key"]).toMatch(/^[A-Za-z0-9]{32}$/);
    const unknown = await server.api("POST", "dev_fetch_api_key", {
      username: "nobody@parley.test",
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body["code"]).toBe("AUTHENTICATION_FAILED");
  });

  it("returns the caller's profile with the spec's fields", async () => {
    const { body } = await server.api(
      "GET",
      "users/me",
      {},
      await server.auth("hamlet@parley.test"),
    );
    expect(body).toMatchObject({
      result: "success",
      email: "hamlet@parley.test",
      full_name: "King Hamlet",
      short_name: "hamlet",
      is_admin: false,
      is_bot: false,
      pointer: -1,
    });
    expect(typeof body["user_id"]).toBe("number");
    expect(typeof body["client_id"]).toBe("string");
    expect(body["max_message_id"]).toBeGreaterThan(0);
  });
});

describe("development endpoints in production", () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ isDevelopment: false });
  });
  afterAll(async () => {
    await production.close();
  });

  it("refuses dev_list_users and dev_fetch_api_key", async () => {
    const list = await production.api("GET", "dev_list_users");
    const key = await production.api("POST", "dev_fetch_api_key", { username: "iago@parley.test" });
    for (const { status, body } of [list, key]) {
      expect(status).toBe(400);
      expect(body).toMatchObject({ result: "error", msg: "Endpoint not available in production." });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../actions/password";
import { FakeClock } from "../test/fake-clock";
import { RateLimiter, rateLimitHit } from "../http/rate-limit";
import { startTestServer, type TestServer } from "../test/test-server";
import {
  expectCodedError,
  expectContract,
  openApi,
  relaxed,
  specEmojiAuthor,
  THUMBNAIL_FORMATS_LATER,
  specMessageFields,
  type Relaxation,
} from "./contract";
import { lacksCorpora } from "../../common/test/vitest-corpora";
import { OPENAPI_FILE } from "./openapi";

// Every test here validates against the OpenAPI file: without it they are skipped, and one more
// test says why (or fails saying so, with PARLEY_REQUIRE_CORPORA=1).
const noOpenApi = lacksCorpora("Zulip's OpenAPI contract: settings, keys, events and errors", [
  OPENAPI_FILE,
]);

// Responses of the server checked against Zulip's OpenAPI (9.0, FL 247): registration, events,
// server settings, API keys, and the errors every endpoint shares.

let server: TestServer;
let hamlet: string;
let iago: string;
beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  iago = await server.auth("iago@parley.test");
});
afterAll(async () => {
  await server.close();
});

describe.skipIf(noOpenApi)("contract: server settings and API keys", () => {
  it("GET /server_settings", async () => {
    expectContract("GET /server_settings", await server.api("GET", "server_settings"), 200);
  });

  it("POST /dev_fetch_api_key", async () => {
    const reply = await server.api("POST", "dev_fetch_api_key", { username: "hamlet@parley.test" });
    expectContract("POST /dev_fetch_api_key", reply, 200);
  });

  it("POST /fetch_api_key", async () => {
    const [user] = await server.ctx.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'othello@parley.test'",
    );
    await server.ctx.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [
      user?.id,
      await hashPassword("contract-password"),
    ]);
    const reply = await server.api("POST", "fetch_api_key", {
      username: "othello@parley.test",
      password: "contract-password",
    });
    expectContract("POST /fetch_api_key", reply, 200);
  });

  // GET /dev_list_users has no contract test: Zulip's OpenAPI has no schema for it (a plain
  // development view). Its shape is covered by server/routes/auth.test.ts.
});

describe.skipIf(noOpenApi)("contract: registration and events", () => {
  it("POST /register (every event type)", async () => {
    const reply = await server.api(
      "POST",
      "register",
      { apply_markdown: true, client_capabilities: { notification_settings_null: true } },
      hamlet,
    );
    expectContract("POST /register", reply, 200, [
      specEmojiAuthor("realm_emoji"),
      THUMBNAIL_FORMATS_LATER,
    ]);
  });

  it("POST /register (messages only, with a narrow)", async () => {
    const reply = await server.api(
      "POST",
      "register",
      { event_types: ["message"], narrow: [["stream", "general"]] },
      hamlet,
    );
    expectContract("POST /register", reply, 200, [THUMBNAIL_FORMATS_LATER]);
  });

  it("GET /events with a message event", async () => {
    const registered = await server.api(
      "POST",
      "register",
      { event_types: ["message"], apply_markdown: true },
      hamlet,
    );
    await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "contract", content: "**event**" },
      iago,
    );
    const reply = await server.api(
      "GET",
      "events",
      { queue_id: String(registered.body["queue_id"]), last_event_id: -1, dont_block: true },
      hamlet,
    );
    expect(reply.body["events"]).toHaveLength(1);
    expectContract("GET /events", reply, 200, specMessageFields("events.*.message"));
  });

  it("PATCH /settings, and its user_settings and update_display_settings events", async () => {
    const types = ["user_settings", "update_display_settings"];
    const cordelia = await server.auth("cordelia@parley.test");
    const registered = await server.api("POST", "register", { event_types: types }, cordelia);
    expectContract(
      "PATCH /settings",
      await server.api("PATCH", "settings", { translate_emoticons: true }, cordelia),
      200,
    );
    const reply = await server.api(
      "GET",
      "events",
      { queue_id: String(registered.body["queue_id"]), last_event_id: -1, dont_block: true },
      cordelia,
    );
    expect((reply.body["events"] as { type: string }[]).map((e) => e.type)).toEqual(types); // our events
    expectContract("GET /events", reply, 200);
    await server.api("PATCH", "settings", { translate_emoticons: false }, cordelia);
  });

  it("GET /events creating a queue (dont_block without queue_id)", async () => {
    const reply = await server.api("GET", "events", { dont_block: true }, hamlet);
    expectContract("GET /events", reply, 200);
  });

  it("GET /events with an unknown queue: 400 BAD_EVENT_QUEUE_ID", async () => {
    const reply = await server.api(
      "GET",
      "events",
      { queue_id: "0123-not-a-queue", last_event_id: -1 },
      hamlet,
    );
    expectContract("GET /events", reply, 400);
    expect(reply.body["code"]).toBe("BAD_EVENT_QUEUE_ID");
  });

  it("DELETE /events", async () => {
    const registered = await server.api("POST", "register", { event_types: ["message"] }, hamlet);
    const reply = await server.api(
      "DELETE",
      "events",
      { queue_id: String(registered.body["queue_id"]) },
      hamlet,
    );
    expectContract("DELETE /events", reply, 200);
  });

  it("DELETE /events with an unknown queue: 400 BAD_EVENT_QUEUE_ID", async () => {
    const reply = await server.api("DELETE", "events", { queue_id: "nope" }, hamlet);
    expectContract("DELETE /events", reply, 400);
  });
});

describe.skipIf(noOpenApi)("contract: errors shared by every endpoint", () => {
  it("no credentials: 401 UNAUTHORIZED", async () => {
    const reply = await server.api("GET", "users/me");
    expectCodedError(reply, 401, "UNAUTHORIZED");
    expect(openApi().validate("POST /rest-error-handling", 401, reply.body)).toEqual([]);
  });

  it("a wrong API key: 401 UNAUTHORIZED, as Zulip's /api/v1 answers (notes §6)", async () => {
    const wrong = `Basic ${Buffer.from(`hamlet@parley.test:${"x".repeat(32)}`).toString("base64")}`;
    const reply = await server.api("GET", "users/me", {}, wrong);
    expectCodedError(reply, 401, "UNAUTHORIZED");
  });

  it("a missing argument: 400 REQUEST_VARIABLE_MISSING with var_name", async () => {
    const reply = await server.api("POST", "messages", { type: "stream", to: "general" }, hamlet);
    expect(reply.status).toBe(400);
    expect(openApi().validate("POST /rest-error-handling", 400, reply.body)).toEqual([]);
    expect(reply.body).toMatchObject({ code: "REQUEST_VARIABLE_MISSING" });
  });

  it("over the rate limit: 429 RATE_LIMIT_HIT", () => {
    const limiter = new RateLimiter(new FakeClock(), 1);
    limiter.hit(1);
    const body = rateLimitHit(limiter.hit(1)).toBody();
    const retryAfter: Relaxation = {
      path: "retry-after",
      why: "a float of seconds, as real Zulip sends (notes §6, and the OpenAPI's own example); the schema says integer",
    };
    expect(body["retry-after"]).toBe(60);
    expect(
      openApi().validate("POST /rest-error-handling", 429, relaxed(body, [retryAfter])),
    ).toEqual([]);
  });
});

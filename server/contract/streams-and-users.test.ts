import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";
import {
  expectCodedError,
  expectContract,
  specEmojiAuthor,
  type Relaxation,
  type Reply,
} from "./contract";
import { lacksCorpora } from "../../common/test/vitest-corpora";
import { OPENAPI_FILE } from "./openapi";

// Every test here validates against the OpenAPI file: without it they are skipped, and one more
// test says why (or fails saying so, with PARLEY_REQUIRE_CORPORA=1).
const noOpenApi = lacksCorpora("Zulip's OpenAPI contract: streams, users and realm", [
  OPENAPI_FILE,
]);

// Streams, subscriptions, topics, users, presence and realm objects checked against Zulip's
// OpenAPI (9.0, FL 247). Where the spec differs, the relaxations name the field and the reason.

/** Spec: DELETE subscriptions answers `not_subscribed`; Zulip names the same list `not_removed`. */
const NOT_SUBSCRIBED: Relaxation = {
  path: "not_subscribed",
  renameTo: "not_removed",
  why: "spec: DELETE /users/me/subscriptions lists `not_subscribed` (Zulip: `not_removed`)",
};

/** Spec profile fields of GET /users/me that Zulip 9.0 no longer sends. */
const SPEC_PROFILE_FIELDS: Relaxation[] = [
  { path: "short_name", why: "spec User profile: short_name" },
  { path: "client_id", why: "spec User profile: client_id" },
  { path: "pointer", why: "spec User profile: pointer (removed from Zulip)" },
];

/** Spec Presence: every entry names its `client`; client entries say whether `pushable`. */
const SPEC_PRESENCE_FIELDS: Relaxation[] = [
  { path: "presence.*.client", why: "spec Presence: client (on every entry)" },
  { path: "presence.*.pushable", why: "spec Presence: pushable (absent on aggregated)" },
];

let server: TestServer;
let iago: string;
let hamlet: string;
let cordelia: string;
let generalId: number;
let leadershipId: number;

async function streamId(name: string): Promise<number> {
  const [row] = await server.ctx.db.query<{ id: number }>(
    "SELECT id FROM streams WHERE name = $1",
    [name],
  );
  return row?.id ?? 0;
}

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
  generalId = await streamId("general");
  leadershipId = await streamId("leadership");
});
afterAll(async () => {
  await server.close();
});

describe.skipIf(noOpenApi)("contract: topic and subscription settings", () => {
  const events = async (auth: string, action: () => Promise<unknown>) => {
    const registered = await server.api(
      "POST",
      "register",
      { event_types: ["user_topic", "subscription"] },
      auth,
    );
    await action();
    const queueId = String(registered.body["queue_id"]);
    return server.api("GET", "events", { queue_id: queueId, last_event_id: -1 }, auth);
  };

  it("POST /user_topics, its user_topic event, and register's user_topics and muted_topics", async () => {
    let reply: Reply | undefined;
    const polled = await events(hamlet, async () => {
      reply = await server.api(
        "POST",
        "user_topics",
        { stream_id: generalId, topic: "contract", visibility_policy: 1 },
        hamlet,
      );
    });
    expectContract("POST /user_topics", reply!, 200);
    expectContract("GET /events", polled, 200);
    expect(polled.body["events"]).toMatchObject([{ type: "user_topic", visibility_policy: 1 }]);
    const registered = await server.api(
      "POST",
      "register",
      { fetch_event_types: ["user_topic", "muted_topics"] },
      hamlet,
    );
    expectContract("POST /register", registered, 200);
    const legacy = await server.api(
      "POST",
      "register",
      { fetch_event_types: ["muted_topics"] },
      hamlet,
    );
    expectContract("POST /register", legacy, 200);
  });

  it("POST /users/me/subscriptions/properties and its subscription update events", async () => {
    let reply: Reply | undefined;
    const polled = await events(hamlet, async () => {
      reply = await server.api(
        "POST",
        "users/me/subscriptions/properties",
        {
          subscription_data: [
            { stream_id: generalId, property: "is_muted", value: true },
            { stream_id: generalId, property: "color", value: "#f00f00" },
            { stream_id: generalId, property: "desktop_notifications", value: false },
          ],
        },
        hamlet,
      );
    });
    expectContract("POST /users/me/subscriptions/properties", reply!, 200);
    expectContract("GET /events", polled, 200);
    expect(polled.body["events"]).toHaveLength(4);
    expectContract(
      "GET /users/me/subscriptions",
      await server.api("GET", "users/me/subscriptions", {}, hamlet),
      200,
    );
  });
});

describe.skipIf(noOpenApi)("contract: subscriptions, streams and topics", () => {
  it("GET /users/me/subscriptions", async () => {
    const reply = await server.api("GET", "users/me/subscriptions", {}, hamlet);
    expectContract("GET /users/me/subscriptions", reply, 200);
  });

  it("GET /users/me/subscriptions with subscribers", async () => {
    const reply = await server.api(
      "GET",
      "users/me/subscriptions",
      { include_subscribers: true },
      hamlet,
    );
    expectContract("GET /users/me/subscriptions", reply, 200);
  });

  it("POST /users/me/subscriptions (creating a stream)", async () => {
    const reply = await server.api(
      "POST",
      "users/me/subscriptions",
      { subscriptions: [{ name: "contract-new", description: "made by a test" }] },
      hamlet,
    );
    expectContract("POST /users/me/subscriptions", reply, 200);
  });

  it("POST /users/me/subscriptions (already subscribed)", async () => {
    const reply = await server.api(
      "POST",
      "users/me/subscriptions",
      { subscriptions: [{ name: "general" }] },
      hamlet,
    );
    expectContract("POST /users/me/subscriptions", reply, 200);
  });

  it("POST /users/me/subscriptions to a private stream, non-fatal: unauthorized", async () => {
    const reply = await server.api(
      "POST",
      "users/me/subscriptions",
      { subscriptions: [{ name: "leadership" }], authorization_errors_fatal: false },
      cordelia,
    );
    expectContract("POST /users/me/subscriptions", reply, 200);
    expect(reply.body["unauthorized"]).toEqual(["leadership"]);
  });

  it("POST /users/me/subscriptions to a private stream, fatal: 400 naming the stream", async () => {
    const reply = await server.api(
      "POST",
      "users/me/subscriptions",
      { subscriptions: [{ name: "leadership" }] },
      cordelia,
    );
    // The spec: "a message naming the stream and no `code`"; the OpenAPI's 400 is CodedError.
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ result: "error" });
    expect(String(reply.body["msg"])).toContain("leadership");
  });

  it("DELETE /users/me/subscriptions", async () => {
    const reply = await server.api(
      "DELETE",
      "users/me/subscriptions",
      { subscriptions: ["contract-new", "random"] },
      cordelia,
    );
    expectContract("DELETE /users/me/subscriptions", reply, 200, [NOT_SUBSCRIBED]);
    expect(reply.body).toMatchObject({ removed: ["random"], not_subscribed: ["contract-new"] });
  });

  it("DELETE /users/me/subscriptions of a stream that does not exist: 400 STREAM_DOES_NOT_EXIST", async () => {
    const reply = await server.api(
      "DELETE",
      "users/me/subscriptions",
      { subscriptions: ["no such stream"] },
      hamlet,
    );
    // Spec: STREAM_DOES_NOT_EXIST with `stream` (real Zulip: BAD_REQUEST, notes §1).
    expectContract("DELETE /users/me/subscriptions", reply, 400);
    expect(reply.body).toMatchObject({ code: "STREAM_DOES_NOT_EXIST", stream: "no such stream" });
  });

  it("GET /streams", async () => {
    expectContract("GET /streams", await server.api("GET", "streams", {}, hamlet), 200);
  });

  it("GET /users/me/{stream_id}/topics", async () => {
    const reply = await server.api("GET", `users/me/${generalId}/topics`, {}, hamlet);
    expectContract("GET /users/me/{stream_id}/topics", reply, 200);
  });

  it("GET /streams/{stream_id}/members", async () => {
    const reply = await server.api("GET", `streams/${generalId}/members`, {}, hamlet);
    expectContract("GET /streams/{stream_id}/members", reply, 200);
  });

  it("GET /users/me/{stream_id}/topics of a private stream the caller is not in: 400", async () => {
    const reply = await server.api("GET", `users/me/${leadershipId}/topics`, {}, cordelia);
    expectContract("GET /users/me/{stream_id}/topics", reply, 400);
    expect(reply.body["msg"]).toBe("Invalid stream ID");
  });
});

describe.skipIf(noOpenApi)("contract: users and presence", () => {
  it("GET /users", async () => {
    expectContract("GET /users", await server.api("GET", "users", {}, hamlet), 200);
  });

  it("GET /users/me", async () => {
    const reply = await server.api("GET", "users/me", {}, hamlet);
    expectContract("GET /users/me", reply, 200, SPEC_PROFILE_FIELDS);
  });

  it("GET /users/{email}/presence", async () => {
    await server.api("POST", "users/me/presence", { status: "active" }, iago);
    const reply = await server.api("GET", "users/iago@parley.test/presence", {}, hamlet);
    expectContract("GET /users/{user_id_or_email}/presence", reply, 200, SPEC_PRESENCE_FIELDS);
  });

  it("GET /users/{email}/presence of nobody: 400", async () => {
    const reply = await server.api("GET", "users/nobody@parley.test/presence", {}, hamlet);
    expectCodedError(reply, 400, "BAD_REQUEST");
  });

  // POST /users/me/presence has no contract test: Zulip's 9.0 OpenAPI documents it only from
  // FL 263. Its response is covered by server/routes/realm-people.test.ts.

  it("GET /realm/presence", async () => {
    expectContract(
      "GET /realm/presence",
      await server.api("GET", "realm/presence", {}, hamlet),
      200,
    );
  });

  it("POST /typing (direct)", async () => {
    const [othello] = await server.ctx.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'othello@parley.test'",
    );
    const reply = await server.api("POST", "typing", { op: "start", to: [othello?.id] }, hamlet);
    expectContract("POST /typing", reply, 200);
  });

  it("POST /typing (stream)", async () => {
    const reply = await server.api(
      "POST",
      "typing",
      { op: "stop", type: "stream", stream_id: generalId, topic: "contract" },
      hamlet,
    );
    expectContract("POST /typing", reply, 200);
  });
});

describe.skipIf(noOpenApi)("contract: linkifiers, emoji and user groups", () => {
  let linkifierId: number;

  it("POST /realm/filters (url_format_string, as in the spec)", async () => {
    const reply = await server.api(
      "POST",
      "realm/filters",
      { pattern: "#(?P<id>[0-9]+)", url_format_string: "https://tracker.example/%(id)s" },
      iago,
    );
    expectContract("POST /realm/filters", reply, 200);
    linkifierId = Number(reply.body["id"]);
  });

  it("POST /realm/filters (url_template, as in Zulip 9.0)", async () => {
    const reply = await server.api(
      "POST",
      "realm/filters",
      { pattern: "PR(?P<id>[0-9]+)", url_template: "https://review.example/{id}" },
      iago,
    );
    expectContract("POST /realm/filters", reply, 200);
  });

  it("POST /realm/filters with a bad pattern: 400", async () => {
    const reply = await server.api(
      "POST",
      "realm/filters",
      { pattern: "(unclosed", url_template: "https://x.example/" },
      iago,
    );
    expectCodedError(reply, 400, "BAD_REQUEST");
  });

  it("GET /realm/linkifiers", async () => {
    const reply = await server.api("GET", "realm/linkifiers", {}, hamlet);
    expectContract("GET /realm/linkifiers", reply, 200);
  });

  it("PATCH /realm/filters/{filter_id}", async () => {
    const reply = await server.api(
      "PATCH",
      `realm/filters/${linkifierId}`,
      { pattern: "#(?P<id>[0-9]+)", url_template: "https://tracker.example/t/{id}" },
      iago,
    );
    expectContract("PATCH /realm/filters/{filter_id}", reply, 200);
  });

  it("PATCH /realm/linkifiers", async () => {
    const { body } = await server.api("GET", "realm/linkifiers", {}, hamlet);
    const ids = (body["linkifiers"] as { id: number }[]).map((l) => l.id).reverse();
    const reply = await server.api(
      "PATCH",
      "realm/linkifiers",
      { ordered_linkifier_ids: ids },
      iago,
    );
    expectContract("PATCH /realm/linkifiers", reply, 200);
  });

  it("DELETE /realm/filters/{filter_id}", async () => {
    const reply = await server.api("DELETE", `realm/filters/${linkifierId}`, {}, iago);
    expectContract("DELETE /realm/filters/{filter_id}", reply, 200);
  });

  it("GET /realm/emoji", async () => {
    const reply = await server.api("GET", "realm/emoji", {}, hamlet);
    expectContract("GET /realm/emoji", reply, 200, [specEmojiAuthor("emoji")]);
  });

  it("GET /user_groups", async () => {
    expectContract("GET /user_groups", await server.api("GET", "user_groups", {}, hamlet), 200);
  });

  it("PATCH /user_groups/{user_group_id}", async () => {
    const created = await server.api(
      "POST",
      "user_groups/create",
      { name: "contractors", description: "" },
      iago,
    );
    const id = Number(created.body["group_id"]);
    const reply = await server.api(
      "PATCH",
      `user_groups/${id}`,
      { name: "contract team", description: "Checked." },
      iago,
    );
    expectContract("PATCH /user_groups/{user_group_id}", reply, 200);
  });
});

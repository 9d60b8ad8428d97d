import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../test/fake-clock";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
const clock = new FakeClock();
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const PEOPLE = ["iago", "hamlet", "othello", "cordelia", "prospero", "polonius", "welcome-bot"];

beforeAll(async () => {
  server = await startTestServer({}, clock);
  for (const name of PEOPLE) {
    auth[name] = await server.auth(`${name}@parley.test`);
  }
  const { body } = await server.api("GET", "users", {}, as("hamlet"));
  for (const member of body["members"] as { email: string; user_id: number }[]) {
    ids[member.email.split("@")[0] ?? ""] = member.user_id;
  }
});
afterAll(async () => {
  await server.close();
});

function as(name: string): string {
  const header = auth[name];
  if (header === undefined) throw new Error(`no auth for ${name}`);
  return header;
}
function id(name: string): number {
  return ids[name] ?? 0;
}
const now = () => Math.floor(clock.now() / 1000);

describe("GET /users and /users/{user_id or email}", () => {
  it("lists every user, bots and guests included", async () => {
    const { status, body } = await server.api("GET", "users", {}, as("polonius"));
    expect(status).toBe(200);
    const members = body["members"] as { email: string; is_bot: boolean; role: number }[];
    expect(members.map((m) => m.email)).toContain("welcome-bot@parley.test");
    expect(members.find((m) => m.email === "polonius@parley.test")).toMatchObject({ role: 600 });
    expect(body["ignored_parameters_unsupported"]).toBeUndefined();
  });

  it("finds one user by id or by email", async () => {
    const byId = await server.api("GET", `users/${id("othello")}`, {}, as("hamlet"));
    expect(byId.body["user"]).toMatchObject({
      user_id: id("othello"),
      email: "othello@parley.test",
      full_name: "Othello",
    });
    const byEmail = await server.api("GET", "users/OTHELLO@parley.test", {}, as("hamlet"));
    expect(byEmail.body["user"]).toEqual(byId.body["user"]);
  });

  it.each(["999999", "99999999999999999999", "nobody@parley.test"])(
    "answers No such user for %s",
    async (key) => {
      const { status, body } = await server.api("GET", `users/${key}`, {}, as("hamlet"));
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "BAD_REQUEST", msg: "No such user" });
    },
  );
});

describe("POST /users/me/presence", () => {
  it("records a report and returns everyone's presence", async () => {
    const { status, body } = await server.api(
      "POST",
      "users/me/presence",
      { status: "active", client: "website", new_user_input: true },
      as("hamlet"),
    );
    expect(status).toBe(200);
    expect(body["server_timestamp"]).toBe(clock.now() / 1000);
    const presences = body["presences"] as Record<string, unknown>;
    expect(presences["hamlet@parley.test"]).toEqual({
      website: { client: "website", status: "active", timestamp: now(), pushable: false },
      aggregated: { client: "website", status: "active", timestamp: now() },
    });
  });

  it("returns nothing with ping_only, and ids with slim_presence", async () => {
    const ping = await server.api(
      "POST",
      "users/me/presence",
      { status: "active", client: "website", ping_only: true },
      as("othello"),
    );
    expect(ping.body).toEqual({ result: "success", msg: "" });
    const slim = await server.api(
      "POST",
      "users/me/presence",
      { status: "idle", client: "website", slim_presence: true },
      as("othello"),
    );
    const presences = slim.body["presences"] as Record<string, unknown>;
    expect(presences[String(id("othello"))]).toEqual({
      active_timestamp: now(),
      idle_timestamp: now(),
    });
  });

  it("refuses bad input and bots without recording anything", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["cordelia", { status: "away" }, "Invalid status: away"],
      ["cordelia", {}, "Missing 'status' argument"],
      [
        "cordelia",
        { status: "active", ping_only: "yes" },
        'Argument "ping_only" is not valid JSON.',
      ],
      ["welcome-bot", { status: "active" }, "This endpoint does not accept bot requests."],
    ];
    for (const [who, params, msg] of cases) {
      const { status, body } = await server.api("POST", "users/me/presence", params, as(who));
      expect(status).toBe(400);
      expect(body["msg"]).toBe(msg);
    }
    const realm = await server.api("GET", "realm/presence", {}, as("hamlet"));
    const presences = realm.body["presences"] as Record<string, unknown>;
    expect(presences["cordelia@parley.test"]).toBeUndefined();
    expect(presences["welcome-bot@parley.test"]).toBeUndefined();
  });

  it("publishes presence when a user comes online or changes status, not on every ping", async () => {
    const watcher = await registerQueue(server, as("iago"), { event_types: ["presence"] });
    const report = (status: string) =>
      server.api("POST", "users/me/presence", { status, client: "ZulipMobile" }, as("prospero"));
    await report("active");
    clock.advance(60_000);
    await report("active");
    clock.advance(60_000);
    await report("idle");
    clock.advance(141_000);
    await report("idle");
    const events = await queuedEvents(server, as("iago"), watcher.queueId);
    expect(
      events.map(
        (e) => (e["presence"] as Record<string, { status: string }>)["ZulipMobile"]?.status,
      ),
    ).toEqual(["active", "idle", "idle"]);
    expect(events[0]).toEqual({
      id: 0,
      type: "presence",
      user_id: id("prospero"),
      email: "prospero@parley.test",
      server_timestamp: expect.any(Number) as number,
      presence: {
        ZulipMobile: {
          client: "ZulipMobile",
          status: "active",
          timestamp: now() - 261,
          pushable: false,
        },
      },
    });
  });

  it("remembers at most 10 clients per user", async () => {
    for (let i = 0; i < 12; i++) {
      clock.advance(1000);
      await server.api(
        "POST",
        "users/me/presence",
        { status: "idle", client: `c${i}` },
        as("cordelia"),
      );
    }
    const { body } = await server.api(
      "GET",
      "users/cordelia@parley.test/presence",
      {},
      as("hamlet"),
    );
    const clients = Object.keys(body["presence"] as object).filter((k) => k !== "aggregated");
    expect(clients.sort()).toEqual(["c10", "c11", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"]);
  });

  it("serves presence in register", async () => {
    await server.api(
      "POST",
      "users/me/presence",
      { status: "active", client: "website" },
      as("hamlet"),
    );
    const { state } = await registerQueue(server, as("cordelia"), {
      fetch_event_types: ["presence"],
    });
    expect(state["server_timestamp"]).toBe(clock.now() / 1000);
    const presences = state["presences"] as Record<string, { aggregated: { status: string } }>;
    expect(presences["hamlet@parley.test"]?.aggregated.status).toBe("active");
  });
});

describe("GET /users/{user_id or email}/presence", () => {
  it("returns one user's clients and aggregate, by email or id", async () => {
    await server.api(
      "POST",
      "users/me/presence",
      { status: "idle", client: "ZulipTerminal" },
      as("hamlet"),
    );
    clock.advance(5_000);
    await server.api(
      "POST",
      "users/me/presence",
      { status: "active", client: "website" },
      as("hamlet"),
    );
    const { body } = await server.api(
      "GET",
      "users/hamlet@parley.test/presence",
      {},
      as("othello"),
    );
    expect(body["presence"]).toEqual({
      ZulipTerminal: {
        client: "ZulipTerminal",
        status: "idle",
        timestamp: now() - 5,
        pushable: false,
      },
      website: { client: "website", status: "active", timestamp: now(), pushable: false },
      aggregated: { client: "website", status: "active", timestamp: now() },
    });
    const byId = await server.api("GET", `users/${id("hamlet")}/presence`, {}, as("othello"));
    expect(byId.body["presence"]).toEqual(body["presence"]);
  });

  it("reports offline after 200 seconds without a report", async () => {
    await server.api(
      "POST",
      "users/me/presence",
      { status: "active", client: "website" },
      as("iago"),
    );
    clock.advance(201_000);
    const { body } = await server.api("GET", "users/iago@parley.test/presence", {}, as("othello"));
    expect(body["presence"]).toMatchObject({ aggregated: { status: "offline" } });
  });

  it.each([
    ["nobody@parley.test", "No such user"],
    ["99999999999", "No such user"],
    ["welcome-bot@parley.test", "Presence is not supported for bot users."],
    ["polonius@parley.test", "No presence data for polonius@parley.test"],
  ])("refuses %s", async (key, msg) => {
    const { status, body } = await server.api("GET", `users/${key}/presence`, {}, as("othello"));
    expect(status).toBe(400);
    expect(body["msg"]).toBe(msg);
  });
});

describe("POST /typing", () => {
  it("notifies the recipients of a direct message, not the sender or others", async () => {
    const [sender, recipient, bystander] = await Promise.all([
      registerQueue(server, as("hamlet"), { event_types: ["typing"] }),
      registerQueue(server, as("othello"), { event_types: ["typing"] }),
      registerQueue(server, as("cordelia"), { event_types: ["typing"] }),
    ]);
    const { status } = await server.api(
      "POST",
      "typing",
      { op: "start", to: [id("othello")] },
      as("hamlet"),
    );
    expect(status).toBe(200);
    expect(await queuedEvents(server, as("othello"), recipient.queueId)).toEqual([
      {
        id: 0,
        type: "typing",
        op: "start",
        message_type: "direct",
        sender: { user_id: id("hamlet"), email: "hamlet@parley.test" },
        recipients: [
          { user_id: id("othello"), email: "othello@parley.test" },
          { user_id: id("hamlet"), email: "hamlet@parley.test" },
        ],
      },
    ]);
    expect(await queuedEvents(server, as("hamlet"), sender.queueId)).toEqual([]);
    expect(await queuedEvents(server, as("cordelia"), bystander.queueId)).toEqual([]);
  });

  it("accepts old clients: type private and emails", async () => {
    const recipient = await registerQueue(server, as("othello"), { event_types: ["typing"] });
    const { status } = await server.api(
      "POST",
      "typing",
      { op: "stop", type: "private", to: ["othello@parley.test"] },
      as("hamlet"),
    );
    expect(status).toBe(200);
    const [event] = await queuedEvents(server, as("othello"), recipient.queueId);
    expect(event).toMatchObject({ op: "stop", message_type: "direct" });
  });

  it("notifies stream subscribers whose clients asked for stream typing", async () => {
    const { body } = await server.api("GET", "users/me/subscriptions", {}, as("othello"));
    const engineering = (body["subscriptions"] as { name: string; stream_id: number }[]).find(
      (s) => s.name === "engineering",
    );
    const capable = await registerQueue(server, as("othello"), {
      event_types: ["typing"],
      client_capabilities: { stream_typing_notifications: true },
    });
    const plain = await registerQueue(server, as("othello"), { event_types: ["typing"] });
    const outsider = await registerQueue(server, as("cordelia"), {
      event_types: ["typing"],
      client_capabilities: { stream_typing_notifications: true },
    });
    const sent = await server.api(
      "POST",
      "typing",
      {
        op: "start",
        type: "stream",
        stream_id: engineering?.stream_id ?? 0,
        topic: "release plan",
      },
      as("hamlet"),
    );
    expect(sent.status).toBe(200);
    expect(await queuedEvents(server, as("othello"), capable.queueId)).toEqual([
      {
        id: 0,
        type: "typing",
        op: "start",
        message_type: "stream",
        sender: { user_id: id("hamlet"), email: "hamlet@parley.test" },
        stream_id: engineering?.stream_id,
        topic: "release plan",
      },
    ]);
    expect(await queuedEvents(server, as("othello"), plain.queueId)).toEqual([]);
    expect(await queuedEvents(server, as("cordelia"), outsider.queueId)).toEqual([]);
  });

  it("refuses bad input", async () => {
    const { body } = await server.api("GET", "users/me/subscriptions", {}, as("hamlet"));
    const leadership = (body["subscriptions"] as { name: string; stream_id: number }[]).find(
      (s) => s.name === "leadership",
    )?.stream_id;
    const cases: [string, Record<string, string | number | object>, string, string?][] = [
      ["hamlet", { to: [id("othello")] }, "Missing 'op' argument", "REQUEST_VARIABLE_MISSING"],
      [
        "hamlet",
        { op: "pause", to: [id("othello")] },
        "Bad value for 'op': pause",
        "REQUEST_VARIABLE_INVALID",
      ],
      [
        "hamlet",
        { op: "start", type: "huddle", to: [1] },
        "Bad value for 'type': huddle",
        "REQUEST_VARIABLE_INVALID",
      ],
      ["hamlet", { op: "start" }, "Missing 'to' argument"],
      ["hamlet", { op: "start", to: [] }, "Empty 'to' list"],
      ["hamlet", { op: "start", to: [999999] }, "Invalid user ID 999999"],
      ["hamlet", { op: "start", to: [2 ** 40] }, "Invalid user ID 1099511627776"],
      ["hamlet", { op: "start", to: [1, "x@y"] }, "to is not a list of user ids"],
      ["hamlet", { op: "start", to: "[1," }, 'Argument "to" is not valid JSON.', "INVALID_JSON"],
      ["hamlet", { op: "start", type: "stream", topic: "t" }, "Missing stream_id"],
      ["hamlet", { op: "start", type: "stream", stream_id: leadership ?? 0 }, "Missing topic"],
      [
        "hamlet",
        { op: "start", type: "stream", stream_id: 999999, topic: "t" },
        "Invalid stream ID",
      ],
      [
        "cordelia",
        { op: "start", type: "stream", stream_id: leadership ?? 0, topic: "t" },
        "Invalid stream ID",
      ],
      [
        "hamlet",
        { op: "start", type: "stream", stream_id: leadership ?? 0, topic: "x".repeat(61) },
        "Topic is too long (limit: 60 characters, got 61).",
      ],
    ];
    for (const [who, params, msg, code] of cases) {
      const response = await server.api("POST", "typing", params, as(who));
      expect(response.status, msg).toBe(400);
      expect(response.body).toMatchObject({ msg, code: code ?? "BAD_REQUEST" });
    }
  });
});

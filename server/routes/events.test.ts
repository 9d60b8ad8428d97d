import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let iago: string;
let hamlet: string;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ heartbeatSeconds: 0.5 });
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  baseUrl = await server.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await server.close();
});

async function register(
  auth: string,
  params: Record<string, string | number | boolean | object> = {},
) {
  const { body } = await server.api("POST", "register", { apply_markdown: true, ...params }, auth);
  return body;
}

/** A GET /events over real HTTP (inject would not exercise parking on a socket). */
async function httpPoll(
  auth: string,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(
    `${baseUrl}/api/v1/events?${new URLSearchParams(params).toString()}`,
    {
      headers: { authorization: auth },
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }; // JSON of our own server
}

describe("POST /register", () => {
  it("returns a queue and the initial state the client needs", async () => {
    const state = await register(hamlet);
    expect(typeof state["queue_id"]).toBe("string");
    expect(state["last_event_id"]).toBe(-1);
    expect(state["event_queue_longpoll_timeout_seconds"]).toBe(90);
    const subs = state["subscriptions"] as { name: string; stream_id: number }[]; // checked below
    expect(subs.map((s) => s.name).sort()).toEqual([
      "announcements",
      "design",
      "engineering",
      "general",
      "leadership",
      "random",
    ]);
    expect(subs.every((s) => typeof s.stream_id === "number")).toBe(true);
    const users = state["realm_users"] as { email: string }[];
    expect(users.map((u) => u.email)).toContain("welcome-bot@parley.test");
    expect(state["max_message_id"]).toBeGreaterThan(0);
    expect(state["unread_msgs"]).toMatchObject({ old_unreads_missing: false });
    expect((state["unread_msgs"] as { count: number }).count).toBeGreaterThan(0);
  });

  it("lists the Notification Bot as a system bot in cross_realm_bots, not among the organisation's users", async () => {
    const state = await register(hamlet);
    const emails = (key: string) => (state[key] as { email: string }[]).map((u) => u.email);
    expect(emails("realm_users")).not.toContain("notification-bot@zulip.com");
    expect(emails("realm_non_active_users")).not.toContain("notification-bot@zulip.com");
    expect(state["cross_realm_bots"]).toEqual([
      expect.objectContaining({
        email: "notification-bot@zulip.com",
        full_name: "Notification Bot",
        is_bot: true,
        is_system_bot: true,
      }),
    ]);
    const { body } = await server.api("GET", "users", {}, hamlet);
    const members = (body["members"] as { email: string }[]).map((u) => u.email);
    expect(members).toContain("welcome-bot@parley.test");
    expect(members).not.toContain("notification-bot@zulip.com");
  });

  it("fetches only the requested state", async () => {
    const state = await register(hamlet, { fetch_event_types: ["message"] });
    expect(state).toHaveProperty("max_message_id");
    expect(state).not.toHaveProperty("subscriptions");
    expect(state).not.toHaveProperty("realm_users");
  });

  it("echoes parameters it does not know", async () => {
    const state = await register(hamlet, { frobnicate: true });
    expect(state["ignored_parameters_unsupported"]).toEqual(["frobnicate"]);
  });
});

describe("GET /events", () => {
  it("delivers a new message to every recipient's queue, with local_message_id for the sender's", async () => {
    const sender = await register(iago);
    const receiver = await register(hamlet);
    const sent = await server.api(
      "POST",
      "messages",
      {
        type: "stream",
        to: "general",
        topic: "events",
        content: "live!",
        queue_id: String(sender["queue_id"]),
        local_id: "local-1",
      },
      iago,
    );
    const own = await server.api(
      "GET",
      "events",
      { queue_id: String(sender["queue_id"]), last_event_id: -1, dont_block: true },
      iago,
    );
    const other = await server.api(
      "GET",
      "events",
      { queue_id: String(receiver["queue_id"]), last_event_id: -1, dont_block: true },
      hamlet,
    );
    expect(own.body["events"]).toEqual([
      expect.objectContaining({ id: 0, type: "message", local_message_id: "local-1", flags: [] }),
    ]);
    const [event] = other.body["events"] as Record<string, unknown>[];
    expect(event).toMatchObject({ id: 0, type: "message", flags: [] });
    expect(event).not.toHaveProperty("local_message_id");
    expect(event?.["message"]).toMatchObject({
      id: sent.body["id"],
      content: "<p>live!</p>",
      subject: "events",
    });
  });

  it("does not deliver a private stream's message to people outside it", async () => {
    const outsider = await register(await server.auth("cordelia@parley.test"));
    await server.api(
      "POST",
      "messages",
      { type: "stream", to: "leadership", topic: "t", content: "inner circle" },
      iago,
    );
    const { body } = await server.api(
      "GET",
      "events",
      { queue_id: String(outsider["queue_id"]), last_event_id: -1, dont_block: true },
      await server.auth("cordelia@parley.test"),
    );
    expect(body["events"]).toEqual([]);
  });

  it("answers BAD_EVENT_QUEUE_ID with the queue id, for unknown queues and other users' queues", async () => {
    const unknown = await server.api(
      "GET",
      "events",
      { queue_id: "nope", last_event_id: -1 },
      hamlet,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      result: "error",
      code: "BAD_EVENT_QUEUE_ID",
      msg: "Bad event queue ID: nope",
      queue_id: "nope",
    });
    const iagos = await register(iago);
    const foreign = await server.api(
      "GET",
      "events",
      { queue_id: String(iagos["queue_id"]), last_event_id: -1 },
      hamlet,
    );
    expect(foreign.body).toMatchObject({ code: "BAD_EVENT_QUEUE_ID", queue_id: iagos["queue_id"] });
  });

  it("creates a queue when polled without one and with dont_block", async () => {
    const { body } = await server.api(
      "GET",
      "events",
      { dont_block: true, event_types: ["message"] },
      hamlet,
    );
    expect(body).toMatchObject({ result: "success", events: [] });
    expect(typeof body["queue_id"]).toBe("string");
    const blocking = await server.api("GET", "events", {}, hamlet);
    expect(blocking.body["msg"]).toBe("Missing 'queue_id' argument");
  });

  it("answers a parked long poll over HTTP as soon as a message is sent", async () => {
    const queue = await register(hamlet, { event_types: ["message"] });
    const poll = httpPoll(hamlet, { queue_id: String(queue["queue_id"]), last_event_id: "-1" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...server.ctx.queues.all()].find((q) => q.id === queue["queue_id"])?.isParked).toBe(
      true,
    );
    await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "parked", content: "wake up" },
      iago,
    );
    const { status, body } = await poll;
    expect(status).toBe(200);
    const events = body["events"] as { type: string; message: { content: string } }[];
    expect(events.map((e) => e.type)).toEqual(["message"]);
    expect(events[0]?.message.content).toBe("<p>wake up</p>");
  });

  it("sends a heartbeat to a parked poll with nothing to say", async () => {
    const queue = await register(hamlet, { event_types: ["message"] });
    const { body } = await httpPoll(hamlet, {
      queue_id: String(queue["queue_id"]),
      last_event_id: "-1",
    });
    expect(body["events"]).toEqual([{ type: "heartbeat", id: 0 }]);
  });

  it("deletes a queue on DELETE /events", async () => {
    const queue = await register(hamlet);
    const deleted = await server.api(
      "DELETE",
      "events",
      { queue_id: String(queue["queue_id"]) },
      hamlet,
    );
    expect(deleted.body).toMatchObject({ result: "success" });
    const after = await server.api(
      "GET",
      "events",
      { queue_id: String(queue["queue_id"]), last_event_id: -1, dont_block: true },
      hamlet,
    );
    expect(after.body["code"]).toBe("BAD_EVENT_QUEUE_ID");
  });
});

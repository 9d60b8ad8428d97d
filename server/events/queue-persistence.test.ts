import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { messageEvent, reactionEvent } from "../test/events";
import { FakeClock } from "../test/fake-clock";
import { startTestServer, type TestServer } from "../test/test-server";
import { queueOptions } from "../test/queue-options";
import type { QueueOptions } from "./event-queue";
import { queueFileOf, restoreQueues, saveQueues } from "./queue-persistence";
import { QueueRegistry } from "./queue-registry";

const options = (overrides: Partial<QueueOptions> = {}): QueueOptions =>
  queueOptions({ lifespanMs: 600_000, ...overrides });

const timings = { heartbeatSeconds: 45, queueTimeoutSeconds: 600, maxQueuesPerUser: 100 };
const noClose = () => undefined;
const temporaryDirs: string[] = [];

function temporaryDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "parley-queues-"));
  temporaryDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

describe("saving and restoring queues", () => {
  it("restores options, unacknowledged events and counters, so numbering carries on", async () => {
    const clock = new FakeClock();
    const before = new QueueRegistry(clock, timings);
    const queue = before.create(
      7,
      options({
        eventTypes: new Set(["message", "reaction"]),
        applyMarkdown: true,
        narrow: [["stream", "general"]],
        capabilities: { bulk_message_deletion: true },
        lifespanMs: 3_600_000,
        clientName: "ZulipPython",
      }),
    );
    before.publish([7], () => messageEvent(1));
    before.publish([7], () => messageEvent(2));
    before.publish([7], () => reactionEvent(3));
    await before.poll(queue, { lastEventId: 0, dontBlock: true, onClose: noClose });
    const file = queueFileOf(temporaryDir());
    expect(await saveQueues(before, file, clock.now())).toBe(1);

    const after = new QueueRegistry(clock, timings);
    expect(await restoreQueues(after, file)).toEqual({ status: "restored", count: 1 });
    const restored = after.get(queue.id, 7);
    expect(restored.options).toEqual(queue.options);
    expect(restored.lastConnectionTime).toBe(queue.lastConnectionTime);
    expect(restored.pending()).toEqual([
      { ...messageEvent(2), id: 1 },
      { ...reactionEvent(3), id: 2 },
    ]);
    // Acknowledging what was pruned before the restart is still refused.
    expect(() => {
      restored.acknowledge(-1);
    }).toThrow("An event newer than -1 has already been pruned!");
    after.publish([7], () => messageEvent(4));
    const polled = await after.poll(restored, {
      lastEventId: 2,
      dontBlock: true,
      onClose: noClose,
    });
    expect(polled).toEqual([{ ...messageEvent(4), id: 3 }]);
    expect(() => after.get(queue.id, 8)).toThrow(`Bad event queue ID: ${queue.id}`);
  });

  it("continues idle collection from the saved last connection times", async () => {
    const clock = new FakeClock();
    const before = new QueueRegistry(clock, timings);
    const queue = before.create(1, options({ lifespanMs: 600_000 }));
    clock.advance(500_000);
    const file = queueFileOf(temporaryDir());
    await saveQueues(before, file, clock.now());
    clock.advance(50_000); // the server was down for 50 s
    const after = new QueueRegistry(clock, timings);
    await restoreQueues(after, file);
    clock.advance(49_999);
    expect(after.collectIdle()).toBe(0);
    clock.advance(1);
    expect(after.collectIdle()).toBe(1);
    expect(() => after.get(queue.id, 1)).toThrow("Bad event queue ID");
  });

  it("renames the file to .last once read, so it is restored only once", async () => {
    const clock = new FakeClock();
    const registry = new QueueRegistry(clock, timings);
    registry.create(1, options());
    const dir = temporaryDir();
    const file = queueFileOf(dir);
    await saveQueues(registry, file, clock.now());
    expect(await restoreQueues(new QueueRegistry(clock, timings), file)).toEqual({
      status: "restored",
      count: 1,
    });
    expect(readdirSync(dir).sort()).toEqual(["event-queues.json.last"]);
    expect(await restoreQueues(new QueueRegistry(clock, timings), file)).toEqual({
      status: "missing",
    });
  });

  it("writes atomically, leaving no temporary file, and replaces an older save", async () => {
    const clock = new FakeClock();
    const registry = new QueueRegistry(clock, timings);
    const dir = temporaryDir();
    const file = queueFileOf(dir);
    writeFileSync(file, "old");
    registry.create(1, options());
    registry.create(2, options());
    expect(await saveQueues(registry, file, clock.now())).toBe(2);
    expect(readdirSync(dir)).toEqual(["event-queues.json"]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ version: 1 });
  });

  it.each([
    ["not JSON", '{"version": 1, "queues": ['],
    ["the wrong shape", JSON.stringify({ version: 1, savedAt: 0, queues: [{ id: "x" }] })],
    ["another format version", JSON.stringify({ version: 99, savedAt: 0, queues: [] })],
    ["an empty file", ""],
  ])("restores nothing from a file with %s", async (_, contents) => {
    const dir = temporaryDir();
    const file = queueFileOf(dir);
    writeFileSync(file, contents);
    const registry = new QueueRegistry(new FakeClock(), timings);
    const outcome = await restoreQueues(registry, file);
    expect(outcome.status).toBe("corrupt");
    expect(registry.size).toBe(0);
    expect(existsSync(`${file}.last`)).toBe(true);
  });

  it("restores nothing when there is no file", async () => {
    const registry = new QueueRegistry(new FakeClock(), timings);
    expect(await restoreQueues(registry, queueFileOf(temporaryDir()))).toEqual({
      status: "missing",
    });
    expect(registry.size).toBe(0);
  });
});

async function httpGet(baseUrl: string, auth: string, params: Record<string, string>) {
  const response = await fetch(
    `${baseUrl}/api/v1/events?${new URLSearchParams(params).toString()}`,
    {
      headers: { authorization: auth },
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }; // our server's JSON
}

describe("a graceful restart", () => {
  const dataDir = temporaryDir();
  let server: TestServer;
  let queueId: string;
  let sentId: number;
  beforeAll(async () => {
    server = await startTestServer({ dataDir });
  });
  afterAll(async () => {
    await server.close({ saveQueues: false });
  });

  async function eventsOf(email: string, lastEventId: number) {
    const reply = await server.api(
      "GET",
      "events",
      { queue_id: queueId, last_event_id: lastEventId, dont_block: true },
      await server.auth(email),
    );
    return reply;
  }

  it("answers parked polls, saves the queues, and restores them on the next start", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    const registered = await server.api(
      "POST",
      "register",
      { event_types: ["message"], apply_markdown: false },
      hamlet,
    );
    queueId = String(registered.body["queue_id"]);
    const sent = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "restart", content: "before the restart" },
      await server.auth("iago@parley.test"),
    );
    sentId = Number(sent.body["id"]);
    // A second queue with a poll parked on it when the server stops.
    const parkedQueue = await server.api("POST", "register", { event_types: ["typing"] }, hamlet);
    const baseUrl = await server.app.listen({ host: "127.0.0.1", port: 0 });
    const parked = httpGet(baseUrl, hamlet, {
      queue_id: String(parkedQueue.body["queue_id"]),
      last_event_id: "-1",
    });
    await vi.waitFor(() => {
      expect([...server.ctx.queues.all()].some((queue) => queue.isParked)).toBe(true);
    });
    await server.close();
    expect(await parked).toEqual({
      status: 200,
      body: { result: "success", msg: "", events: [], queue_id: parkedQueue.body["queue_id"] },
    });
    expect(existsSync(queueFileOf(dataDir))).toBe(true);

    server = await startTestServer({ dataDir });
    expect(server.restoredQueues.status).toBe("restored");
    expect(existsSync(`${queueFileOf(dataDir)}.last`)).toBe(true);
    const { status, body } = await eventsOf("hamlet@parley.test", -1);
    expect(status).toBe(200);
    expect(body["events"]).toHaveLength(1);
    expect(body["events"]).toMatchObject([
      { id: 0, type: "message", message: { id: sentId, content: "before the restart" } },
    ]);
    await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "restart", content: "after the restart" },
      await server.auth("iago@parley.test"),
    );
    const after = await eventsOf("hamlet@parley.test", 0);
    expect(after.body["events"]).toHaveLength(1);
    expect(after.body["events"]).toMatchObject([
      { id: 1, message: { content: "after the restart" } },
    ]);
    // Still found only by its owner.
    expect((await eventsOf("othello@parley.test", 0)).body["code"]).toBe("BAD_EVENT_QUEUE_ID");
  });

  it("delivers the events of every committed send before it saves the queues", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    const registered = await server.api("POST", "register", { event_types: ["message"] }, hamlet);
    queueId = String(registered.body["queue_id"]);
    const iago = await server.auth("iago@parley.test");
    // Sent together, so their deliveries wait in line, one per turn, when the stop begins.
    const contents = Array.from({ length: 20 }, (_, i) => `in flight ${i}`);
    const sent = await Promise.all(
      contents.map((content) =>
        server.api(
          "POST",
          "messages",
          { type: "stream", to: "general", topic: "stop", content },
          iago,
        ),
      ),
    );
    expect(sent.map((reply) => reply.status)).toEqual(contents.map(() => 200));
    await server.close();

    server = await startTestServer({ dataDir });
    const { body } = await eventsOf("hamlet@parley.test", -1);
    const events = z.array(z.object({ message: z.object({ content: z.string() }) }));
    const delivered = events.parse(body["events"]).map((event) => event.message.content);
    expect(delivered.sort()).toEqual([...contents].sort());
  });

  it("tells every restored queue that wants it that the server restarted", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    const everything = await server.api("POST", "register", {}, hamlet);
    const messagesOnly = await server.api("POST", "register", { event_types: ["message"] }, hamlet);
    await server.close();
    const before = Math.floor(Date.now() / 1000);
    server = await startTestServer({ dataDir });
    // Asked again: on PostgreSQL each test server has a fresh database, with new keys.
    const hamletNow = await server.auth("hamlet@parley.test");
    const poll = async (queue: unknown) =>
      (
        await server.api(
          "GET",
          "events",
          { queue_id: String(queue), last_event_id: -1, dont_block: true },
          hamletNow,
        )
      ).body["events"] as Record<string, unknown>[]; // our own server's events
    const [restart, ...rest] = await poll(everything.body["queue_id"]);
    expect(rest).toEqual([]);
    expect(restart).toEqual({
      id: 0,
      type: "restart",
      zulip_version: "9.0-parley",
      zulip_merge_base: "9.0-parley",
      zulip_feature_level: 247,
      server_generation: expect.any(Number) as unknown,
    });
    expect(restart?.["server_generation"]).toBeGreaterThanOrEqual(before);
    expect(await poll(messagesOnly.body["queue_id"])).toEqual([]);
  });

  it("loses the queues when the server stopped without saving them: BAD_EVENT_QUEUE_ID", async () => {
    await server.close({ saveQueues: false });
    server = await startTestServer({ dataDir });
    expect(server.restoredQueues).toEqual({ status: "missing" });
    const { status, body } = await eventsOf("hamlet@parley.test", 0);
    expect(status).toBe(400);
    expect(body).toEqual({
      result: "error",
      code: "BAD_EVENT_QUEUE_ID",
      msg: `Bad event queue ID: ${queueId}`,
      queue_id: queueId,
    });
  });

  it("starts with no queues when the saved file is corrupt", async () => {
    await server.close({ saveQueues: false });
    writeFileSync(queueFileOf(dataDir), "{ truncated");
    server = await startTestServer({ dataDir });
    expect(server.restoredQueues.status).toBe("corrupt");
    expect(server.ctx.queues.size).toBe(0);
    expect((await eventsOf("hamlet@parley.test", 0)).body["code"]).toBe("BAD_EVENT_QUEUE_ID");
  });
});

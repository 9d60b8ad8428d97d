import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

// Long polling over real HTTP (a socket that stays open), the part `inject` cannot exercise.
// `server/routes/events.test.ts` covers register, one parked poll and one heartbeat; this file
// covers ordering, acknowledgement errors, dropped connections, heartbeats and idle collection.

interface Reply {
  status: number;
  body: Record<string, unknown>;
}
interface Event {
  id: number;
  type: string;
  message?: { content: string; id: number };
}

async function httpPoll(
  baseUrl: string,
  auth: string,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Reply> {
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const response = await fetch(`${baseUrl}/api/v1/events?${query.toString()}`, {
    headers: { authorization: auth },
    ...(signal ? { signal } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }; // our server's JSON
}

function eventsOf(reply: Reply): Event[] {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body["events"] as Event[]; // shape asserted by each test
}

async function registerQueue(
  server: TestServer,
  auth: string,
  extra: Record<string, string | number | boolean | object> = {},
): Promise<string> {
  const { body } = await server.api(
    "POST",
    "register",
    { event_types: ["message"], apply_markdown: false, ...extra },
    auth,
  );
  const queueId = body["queue_id"];
  if (typeof queueId !== "string") throw new Error(JSON.stringify(body));
  return queueId;
}

function isParked(server: TestServer, queueId: string): boolean {
  return [...server.ctx.queues.all()].some((queue) => queue.id === queueId && queue.isParked);
}

async function send(server: TestServer, auth: string, content: string): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to: "general", topic: "long poll", content },
    auth,
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return Number(body["id"]);
}

describe("long polls over HTTP", () => {
  let server: TestServer;
  let baseUrl: string;
  let iago: string;
  let hamlet: string;
  beforeAll(async () => {
    server = await startTestServer({ heartbeatSeconds: 30 });
    baseUrl = await server.app.listen({ host: "127.0.0.1", port: 0 });
    iago = await server.auth("iago@parley.test");
    hamlet = await server.auth("hamlet@parley.test");
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers a parked poll when a message arrives, and delivers later ones in order", async () => {
    const queueId = await registerQueue(server, hamlet);
    const parked = httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 });
    await vi.waitFor(() => {
      expect(isParked(server, queueId)).toBe(true);
    });
    const sent = [
      await send(server, iago, "one"),
      await send(server, iago, "two"),
      await send(server, iago, "three"),
    ];
    const received: Event[] = eventsOf(await parked);
    expect(received.length).toBeGreaterThan(0);
    // Whatever the first answer did not carry, the next polls deliver, acknowledging as they go.
    while (received.length < sent.length) {
      const last = received[received.length - 1]?.id ?? -1;
      received.push(
        ...eventsOf(await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: last })),
      );
    }
    expect(received.map((event) => event.message?.id)).toEqual(sent);
    expect(received.map((event) => event.id)).toEqual([0, 1, 2]);
    expect(received.map((event) => event.message?.content)).toEqual(["one", "two", "three"]);
  });

  it("delivers again events whose answer was lost, and none twice once acknowledged", async () => {
    const queueId = await registerQueue(server, hamlet);
    await send(server, iago, "maybe lost");
    const first = eventsOf(
      await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 }),
    );
    // The client never saw `first` and polls again with its old last_event_id.
    const replay = eventsOf(
      await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1, dont_block: "true" }),
    );
    expect(replay).toEqual(first);
    const afterAck = eventsOf(
      await httpPoll(baseUrl, hamlet, {
        queue_id: queueId,
        last_event_id: first[0]!.id,
        dont_block: "true",
      }),
    );
    expect(afterAck).toEqual([]);
  });

  it("refuses a last_event_id never issued or already pruned, and the queue still answers a correct poll", async () => {
    const queueId = await registerQueue(server, hamlet);
    await send(server, iago, "a");
    await send(server, iago, "b");
    const future = await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: 5 });
    expect(future.status).toBe(400);
    expect(future.body).toEqual({
      result: "error",
      msg: "Event 5 was not in this queue",
      code: "BAD_REQUEST",
    });
    eventsOf(
      await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: 1, dont_block: "true" }),
    );
    const pruned = await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: 0 });
    expect(pruned.status).toBe(400);
    expect(pruned.body["msg"]).toBe("An event newer than 0 has already been pruned!");
    const notInt = await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: "x" });
    expect(notInt.status).toBe(400);
    expect(notInt.body["code"]).toBe("INVALID_JSON");
    await send(server, iago, "c");
    const after = eventsOf(
      await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: 1 }),
    );
    expect(after.map((event) => [event.id, event.message?.content])).toEqual([[2, "c"]]);
  });

  it("keeps the queue working when a client drops its parked poll", async () => {
    const queueId = await registerQueue(server, hamlet);
    const abort = new AbortController();
    const dropped = httpPoll(
      baseUrl,
      hamlet,
      { queue_id: queueId, last_event_id: -1 },
      abort.signal,
    );
    await vi.waitFor(() => {
      expect(isParked(server, queueId)).toBe(true);
    });
    abort.abort();
    await expect(dropped).rejects.toThrow();
    await vi.waitFor(() => {
      expect(isParked(server, queueId)).toBe(false);
    });
    // Published while nobody is parked: kept for the next poll, not written to the dead socket.
    await send(server, iago, "after the drop");
    const next = eventsOf(
      await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 }),
    );
    expect(next.map((event) => event.message?.content)).toEqual(["after the drop"]);
  });

  it("answers an earlier parked poll with no events when the same queue is polled again", async () => {
    const queueId = await registerQueue(server, hamlet);
    const first = httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 });
    await vi.waitFor(() => {
      expect(isParked(server, queueId)).toBe(true);
    });
    const second = httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 });
    expect(eventsOf(await first)).toEqual([]);
    await send(server, iago, "to the second poll");
    expect(eventsOf(await second).map((event) => event.message?.content)).toEqual([
      "to the second poll",
    ]);
  });

  it("answers another user's queue id exactly like an unknown one, over HTTP too", async () => {
    const queueId = await registerQueue(server, iago);
    const foreign = await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 });
    const unknown = await httpPoll(baseUrl, hamlet, {
      queue_id: "no-such-queue",
      last_event_id: -1,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      ...unknown.body,
      msg: `Bad event queue ID: ${queueId}`,
      queue_id: queueId,
    });
    expect(isParked(server, queueId)).toBe(false);
  });
});

describe("heartbeats and idle collection over HTTP", () => {
  let server: TestServer;
  let baseUrl: string;
  let hamlet: string;
  beforeAll(async () => {
    server = await startTestServer({ heartbeatSeconds: 0.2, queueTimeoutSeconds: 1 });
    baseUrl = await server.app.listen({ host: "127.0.0.1", port: 0 });
    hamlet = await server.auth("hamlet@parley.test");
  });
  afterAll(async () => {
    await server.close();
  });

  it("sends heartbeats to a client that keeps polling, numbered like other events, and keeps its queue past the idle timeout", async () => {
    const queueId = await registerQueue(server, hamlet, { queue_lifespan_secs: 1 });
    const ids: number[] = [];
    let last = -1;
    // Six heartbeats take longer than the queue's 1 s lifetime; a parked poll keeps it alive.
    for (let i = 0; i < 6; i++) {
      const events = eventsOf(
        await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: last }),
      );
      expect(events.map((event) => event.type)).toEqual(["heartbeat"]);
      last = events[0]!.id;
      ids.push(last);
    }
    expect(ids).toEqual([0, 1, 2, 3, 4, 5]);
    expect(
      eventsOf(
        await httpPoll(baseUrl, hamlet, {
          queue_id: queueId,
          last_event_id: last,
          dont_block: "true",
        }),
      ),
    ).toEqual([]);
  });

  it("collects a queue nobody polls, after which polls get BAD_EVENT_QUEUE_ID", async () => {
    const queueId = await registerQueue(server, hamlet);
    // The sweeper (every queueTimeoutSeconds / 4) removes it: no request touches it meanwhile.
    await vi.waitFor(
      () => {
        expect([...server.ctx.queues.all()].some((queue) => queue.id === queueId)).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );
    const gone = await httpPoll(baseUrl, hamlet, { queue_id: queueId, last_event_id: -1 });
    expect(gone.status).toBe(400);
    expect(gone.body).toEqual({
      result: "error",
      code: "BAD_EVENT_QUEUE_ID",
      msg: `Bad event queue ID: ${queueId}`,
      queue_id: queueId,
    });
  });
});

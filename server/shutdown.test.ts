import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { queueFileOf } from "./events/queue-persistence";
import { encodeParams, startTestServer } from "./test/test-server";

// A browser keeps its connections alive between requests. A graceful stop that waited for them
// to go away by themselves waited for the keep-alive timeout (120 s), and the harness's SIGKILL
// came first: the stop must end every connection once its request is answered.

interface Answer {
  status: number;
  connection: string | undefined;
  body: Record<string, unknown>;
}

function answerOf(response: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => (text += chunk));
    response.on("error", reject);
    response.on("end", () => {
      resolve({
        status: response.statusCode ?? 0,
        connection: response.headers.connection,
        body: JSON.parse(text) as Record<string, unknown>, // our server's JSON
      });
    });
  });
}

describe("a graceful stop", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "parley-shutdown-"));
  // Like a browser: connections kept open between requests, several at once.
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  afterAll(() => {
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends promptly with a poll parked and a send in flight on kept-alive connections", async () => {
    const server = await startTestServer({ dataDir });
    const hamlet = await server.auth("hamlet@parley.test");
    const iago = await server.auth("iago@parley.test");
    const registered = await server.api("POST", "register", { event_types: ["message"] }, hamlet);
    const queueId = String(registered.body["queue_id"]);
    const address = await server.app.listen({ host: "127.0.0.1", port: 0 });
    const { hostname, port } = new URL(address);
    const call = (method: string, path: string, auth: string, body?: string) =>
      request({
        agent,
        host: hostname,
        port,
        method,
        path: `/api/v1/${path}`,
        headers: {
          authorization: auth,
          ...(body === undefined
            ? {}
            : {
                "content-type": "application/x-www-form-urlencoded",
                "content-length": Buffer.byteLength(body),
              }),
        },
      });

    // A connection that served a request and now sits idle, kept alive.
    const idle = call("GET", "users/me", iago);
    idle.end();
    const idleAnswer = await new Promise<Answer>((resolve) =>
      idle.on("response", (response) => void answerOf(response).then(resolve)),
    );
    expect(idleAnswer.status).toBe(200);

    const poll = call("GET", `events?queue_id=${queueId}&last_event_id=-1`, hamlet);
    const polled = new Promise<Answer>((resolve) =>
      poll.on("response", (response) => void answerOf(response).then(resolve)),
    );
    poll.end();
    await vi.waitFor(() => {
      expect([...server.ctx.queues.all()].some((queue) => queue.isParked)).toBe(true);
    });

    // A send whose body is still on its way when the stop begins.
    const body = encodeParams({
      type: "stream",
      to: "general",
      topic: "shutdown",
      content: "sent while stopping",
    });
    const send = call("POST", "messages", iago, body);
    const sent = new Promise<Answer>((resolve) =>
      send.on("response", (response) => void answerOf(response).then(resolve)),
    );
    const arrived = new Promise<void>((resolve) => {
      server.app.server.on("request", (incoming: IncomingMessage) => {
        if (incoming.url === "/api/v1/messages") resolve();
      });
    });
    send.write(body.slice(0, 10));
    await arrived;

    const stopped = server.close();
    send.end(body.slice(10));

    expect(await polled).toMatchObject({ status: 200, body: { events: [] } });
    expect(await sent).toMatchObject({ status: 200, body: { result: "success" } });
    await stopped;
    expect(existsSync(queueFileOf(dataDir))).toBe(true);

    // The queue and the message are there after a restart.
    const restarted = await startTestServer({ dataDir });
    try {
      expect(restarted.restoredQueues.status).toBe("restored");
      const events = await restarted.api(
        "GET",
        "events",
        { queue_id: queueId, last_event_id: -1, dont_block: true },
        await restarted.auth("hamlet@parley.test"),
      );
      expect(events.body["events"]).toMatchObject([
        { type: "message", message: { content: "sent while stopping" } },
      ]);
    } finally {
      await restarted.close({ saveQueues: false });
    }
  });
});

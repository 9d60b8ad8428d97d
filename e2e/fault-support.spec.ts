import { existsSync } from "node:fs";
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import { expect, test } from "./support/fixtures";
import { apiUser } from "./support/api-user";
import { readListObservation, stateSequence, watchMessageList } from "./support/observe-list";
import { READER } from "./support/scenario";

// The fault tests' own tools: the proxy against a tiny upstream, the server process through a
// stop, a crash and restarts, and the list watcher on a page made for it.

interface Upstream {
  url: string;
  server: Server;
  /** Ends the parked `/slow` response. */
  finishSlow(): void;
}

/** `/slow` sends its first chunk at once and the rest only when told; anything else echoes. */
async function startUpstream(): Promise<Upstream> {
  const pending: (() => void)[] = [];
  const server = createServer((request, response) => {
    if (request.url === "/slow") {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.write("first;");
      pending.push(() => response.end("rest"));
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ method: request.method, path: request.url }));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  if (address === null || typeof address !== "object") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    finishSlow: () => {
      for (const finish of pending.splice(0)) finish();
    },
  };
}

function firstChunk(response: IncomingMessage): Promise<string> {
  return new Promise((resolveChunk) => {
    response.once("data", (chunk: Buffer) => {
      resolveChunk(chunk.toString());
    });
  });
}

async function status(url: string): Promise<number | "failed"> {
  try {
    return (await fetch(url)).status;
  } catch {
    return "failed";
  }
}

test.describe("the fault proxy", () => {
  let upstream: Upstream;
  test.beforeEach(async () => {
    upstream = await startUpstream();
  });
  test.afterEach(() => {
    upstream.server.closeAllConnections();
    upstream.server.close();
  });

  test("forwards requests, and long responses unbuffered", async ({ faults }) => {
    const proxy = await faults.startProxy(upstream.url);
    expect(await (await fetch(`${proxy.url}/api/v1/x?y=1`)).json()).toEqual({
      method: "GET",
      path: "/api/v1/x?y=1",
    });
    // Long-poll style: the first chunk arrives while the upstream still holds the response.
    const slow = await new Promise<IncomingMessage>((got) => get(`${proxy.url}/slow`, got));
    expect(await firstChunk(slow)).toBe("first;");
    upstream.finishSlow();
    expect(proxy.counters().forwarded).toBe(2);
  });

  test("cut drops open responses and refuses connections until restored", async ({ faults }) => {
    const proxy = await faults.startProxy(upstream.url);
    const parked = await new Promise<IncomingMessage>((got) => get(`${proxy.url}/slow`, got));
    await firstChunk(parked);
    const parkedClosed = new Promise<boolean>((closed) =>
      parked.once("close", () => {
        closed(!parked.complete);
      }),
    );
    proxy.cut();
    expect(await parkedClosed, "the parked response ended incomplete").toBe(true);
    expect(await status(`${proxy.url}/api/v1/x`)).toBe("failed");
    expect(proxy.counters().destroyed).toBeGreaterThan(0);
    expect(proxy.counters().refused).toBeGreaterThan(0);
    proxy.restore();
    expect(await status(`${proxy.url}/api/v1/x`)).toBe(200);
  });

  test("answers Zulip's 429 for a number of requests or until a time", async ({ faults }) => {
    const proxy = await faults.startProxy(upstream.url);
    proxy.rateLimit({ requests: 2, retryAfterSeconds: 1.5 });
    expect(await status(`${proxy.url}/other`)).toBe(200);
    const limited = await fetch(`${proxy.url}/api/v1/events`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1.5");
    expect(await limited.json()).toEqual({
      result: "error",
      msg: "API usage exceeded rate limit",
      code: "RATE_LIMIT_HIT",
      "retry-after": 1.5,
    });
    expect(await status(`${proxy.url}/api/v1/events`)).toBe(429);
    expect(await status(`${proxy.url}/api/v1/events`)).toBe(200);
    proxy.rateLimit({ untilMs: Date.now() + 60_000, retryAfterSeconds: 1, pathPrefix: "/x" });
    expect(await status(`${proxy.url}/x`)).toBe(429);
    proxy.rateLimit({ untilMs: Date.now() - 1, retryAfterSeconds: 1, pathPrefix: "/x" });
    expect(await status(`${proxy.url}/x`)).toBe(200);
    expect(proxy.counters().rateLimited).toBe(3);
    expect(proxy.log().map((entry) => entry.outcome)).toEqual([
      "forwarded",
      "rate-limited",
      "rate-limited",
      "forwarded",
      "rate-limited",
      "forwarded",
    ]);
  });
});

/** Registers an event queue for `email`; returns a function polling it without blocking. */
async function registerQueue(url: string, email: string): Promise<() => Promise<unknown>> {
  const keyAnswer = await fetch(`${url}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: email }),
  });
  const { api_key: key } = (await keyAnswer.json()) as { api_key: string }; // the server's JSON
  const headers = { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` };
  const registered = await fetch(`${url}/api/v1/register`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ event_types: '["message"]' }),
  });
  const { queue_id: queueId } = (await registered.json()) as { queue_id: string }; // as above
  return async () => {
    const query = new URLSearchParams({ queue_id: queueId, dont_block: "true" });
    const answer = await fetch(`${url}/api/v1/events?${query.toString()}`, { headers });
    const body: unknown = await answer.json();
    return body;
  };
}

test("the server process stops, crashes and restarts on its port and data", async ({ faults }) => {
  test.setTimeout(180_000);
  const server = await faults.startServer({ env: { QUEUE_TIMEOUT_SECONDS: "600" } });
  expect(await status(`${server.url}/api/v1/server_settings`)).toBe(200);
  const reader = await apiUser(server.url, READER);
  await reader.createStream("support check", [READER]);
  const poll = await registerQueue(server.url, READER);

  // A graceful stop saves the queue; the restart restores it and keeps the data.
  await server.stop();
  expect(server.isRunning).toBe(false);
  expect(await status(`${server.url}/api/v1/server_settings`)).toBe("failed");
  await server.start();
  expect(await poll()).toMatchObject({ result: "success" });
  expect((await reader.streamIds()).has("support check")).toBe(true);

  // A crash saves nothing: the queue is unknown after the restart.
  await server.restart({ crash: true });
  expect(await poll()).toMatchObject({ result: "error", code: "BAD_EVENT_QUEUE_ID" });
  expect(server.starts).toBe(3);
  expect(server.output()).toMatch(/signal=SIGKILL/);

  await server.dispose();
  expect(server.isRunning).toBe(false);
  expect(existsSync(server.dataDir)).toBe(false);
});

const WATCHED_PAGE = `<!doctype html>
<p data-testid="connection-status" data-state="connecting"></p>
<main><ol aria-label="Messages"></ol></main>`;

test("the list watcher sees the list emptied or removed, and each connection state", async ({
  page,
}) => {
  await page.route("http://watched.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: WATCHED_PAGE }),
  );
  await watchMessageList(page);
  await page.goto("http://watched.test/");
  await page.evaluate(() => {
    const list = document.querySelector("ol");
    list?.append(document.createElement("li"), document.createElement("li"));
    document.querySelector("p")?.setAttribute("data-state", "live");
  });
  // Messages replaced within one task are never seen empty, as a user would not see them so.
  await page.evaluate(() => {
    const list = document.querySelector("ol");
    list?.replaceChildren();
    list?.append(document.createElement("li"));
  });
  expect((await readListObservation(page)).blanks).toEqual([]);

  await page.evaluate(() => {
    document.querySelector("ol")?.replaceChildren();
  });
  await page.evaluate(() => {
    document.querySelector("ol")?.append(document.createElement("li"));
    document.querySelector("p")?.setAttribute("data-state", "reconnecting");
  });
  await page.evaluate(() => {
    document.querySelector("ol")?.remove();
  });
  const observation = await readListObservation(page);
  expect(observation.maxMessages).toBe(2);
  expect(observation.blanks.map(({ kind, had }) => ({ kind, had }))).toEqual([
    { kind: "emptied", had: 1 },
    { kind: "removed", had: 1 },
  ]);
  expect(stateSequence(observation)).toEqual(["connecting", "live", "reconnecting"]);
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { endToEndHeaders, forwardedUrl, LOOP_HEADER } from "./forward";
import { buildUpstreamApp } from "./upstream-app";

/** What the fake upstream saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type UpstreamHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A stand-in Zulip server: records each request, answers with the current handler. */
let handler: UpstreamHandler;
const seen: Seen[] = [];
let upstream: Server;
let upstreamUrl: URL;
let app: FastifyInstance;
let base: string;
let clientDir: string;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve((server.address() as AddressInfo).port); // listening on TCP: an AddressInfo
    });
  });
}

function answerJson(status: number, body: unknown, headers: Record<string, string> = {}) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    });
  };
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    handler(request, response);
  });
  upstreamUrl = new URL(`http://127.0.0.1:${await listen(upstream)}/`);
  clientDir = mkdtempSync(join(tmpdir(), "parley-upstream-client-"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Parley client</title>");
  app = await buildUpstreamApp({ upstream: upstreamUrl, clientDir });
  base = await app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(clientDir, { recursive: true, force: true });
});

afterEach(() => {
  seen.length = 0;
});

describe("forwarding", () => {
  it("passes method, path, query, body, Authorization and content type, and the answer back", async () => {
    handler = answerJson(
      403,
      { result: "error", msg: "no" },
      { "x-ratelimit-remaining": "7", "keep-alive": "timeout=5" },
    );
    const response = await fetch(`${base}/api/v1/messages/flags?x=1&y=%C3%A9`, {
      method: "PATCH",
      headers: { authorization: "Basic abc", "content-type": "application/x-www-form-urlencoded" },
      body: "messages=%5B1%5D&op=add",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("7");
    // Hop-by-hop headers describe the upstream's connection, not ours.
    expect(response.headers.get("keep-alive")).not.toBe("timeout=5");
    expect(await response.json()).toEqual({ result: "error", msg: "no" });
    expect(seen).toHaveLength(1);
    const request = seen[0];
    expect(request?.method).toBe("PATCH");
    expect(request?.url).toBe("/api/v1/messages/flags?x=1&y=%C3%A9");
    expect(request?.body).toBe("messages=%5B1%5D&op=add");
    expect(request?.headers.authorization).toBe("Basic abc");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // Zulip picks the organisation by Host: it must be the upstream's own.
    expect(request?.headers.host).toBe(upstreamUrl.host);
  });

  it("forwards uploads, avatars and static files, bytes unchanged", async () => {
    handler = answerJson(200, { ok: true });
    const bytes = new Uint8Array([0, 255, 13, 10, 45, 45, 128]);
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "image/png" }), "a.png");
    await fetch(`${base}/api/v1/realm/emoji/a`, { method: "POST", body: form });
    for (const path of [
      "/user_uploads/1/a.png",
      "/user_avatars/emoji/1.png",
      "/avatar/3",
      "/static/x.svg",
    ]) {
      expect((await fetch(`${base}${path}`)).status).toBe(200);
    }
    expect(seen.map((request) => request.url)).toEqual([
      "/api/v1/realm/emoji/a",
      "/user_uploads/1/a.png",
      "/user_avatars/emoji/1.png",
      "/avatar/3",
      "/static/x.svg",
    ]);
    expect(seen[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain(Buffer.from(bytes).toString());
  });

  it("serves the client for other paths and never forwards them", async () => {
    handler = answerJson(200, { forwarded: true });
    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain("Parley client");
    // A deep link (a client-side route) falls back to the client.
    expect(await (await fetch(`${base}/some/route`)).text()).toContain("Parley client");
    expect(seen).toEqual([]);
  });

  it("sends nosniff, no-referrer and DENY on forwarded answers, and the page's CSP on the page", async () => {
    handler = answerJson(200, { result: "success" });
    for (const path of ["/api/v1/users/me", "/avatar/3", "/", "/some/route"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
    const page = await fetch(`${base}/`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    // A Zulip server's avatars live on Gravatar or its storage host.
    expect(csp).toContain("img-src 'self' blob: https:");
  });

  it("streams the answer: the first bytes arrive while the upstream is still writing", async () => {
    let finish: () => void = () => undefined;
    handler = (_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first;");
      finish = () => response.end("last");
    };
    const response = await fetch(`${base}/api/v1/events`);
    // Node types the body loosely; a fetch body yields bytes.
    const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = response.body?.getReader();
    if (!reader) throw new Error("no body");
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("first;");
    finish();
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += new TextDecoder().decode(part.value);
    }
    expect(rest).toBe("last");
  });

  it("streams the request body: the upstream sees the first bytes before the last are sent", async () => {
    const firstSeen = new Promise<string>((resolve) => {
      handler = (request, response) => {
        request.once("data", (chunk: Buffer) => {
          resolve(chunk.toString());
        });
        request.on("end", () => response.end("done"));
        request.resume();
      };
    });
    const port = new URL(base).port;
    const outgoing = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/api/v1/x" });
    const answer = new Promise<IncomingMessage>((resolve) => outgoing.on("response", resolve));
    outgoing.write("part one;");
    expect(await firstSeen).toBe("part one;");
    outgoing.end("part two");
    expect((await answer).statusCode).toBe(200);
  });

  it("aborts the upstream request when the browser gives up (a parked long poll)", async () => {
    let parked: () => void = () => undefined;
    const isParked = new Promise<void>((resolve) => (parked = resolve));
    const upstreamClosed = new Promise<void>((resolve) => {
      handler = (request, response) => {
        response.on("close", () => {
          resolve();
        });
        parked();
        request.resume();
      };
    });
    const controller = new AbortController();
    const poll = fetch(`${base}/api/v1/events?queue_id=q`, { signal: controller.signal });
    await isParked;
    controller.abort();
    await expect(poll).rejects.toThrow();
    await upstreamClosed;
  });

  it("refuses a request that already went through this instance (a loop)", async () => {
    handler = answerJson(200, {});
    const first = await fetch(`${base}/api/v1/server_settings`);
    await first.text();
    const id = seen[0]?.headers[LOOP_HEADER];
    expect(typeof id).toBe("string");
    const looped = await fetch(`${base}/api/v1/server_settings`, {
      headers: { [LOOP_HEADER]: String(id) },
    });
    expect(looped.status).toBe(508);
    expect(await looped.json()).toMatchObject({ result: "error" });
    expect(seen).toHaveLength(1);
  });
});

describe("an unreachable upstream", () => {
  it("answers 502 with a Zulip error body", async () => {
    const dead = createServer();
    const port = await listen(dead);
    await new Promise((resolve) => dead.close(resolve));
    const lonely = await buildUpstreamApp({
      upstream: new URL(`http://127.0.0.1:${port}`),
      clientDir: undefined,
    });
    try {
      const response = await lonely.inject({ method: "GET", url: "/" });
      expect(response.statusCode).toBe(404);
      const address = await lonely.listen({ host: "127.0.0.1", port: 0 });
      const answer = await fetch(`${address}/api/v1/server_settings`);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({ result: "error", code: "BAD_REQUEST" });
    } finally {
      await lonely.close();
    }
  });
});

describe("forwardedUrl", () => {
  const zulip = new URL("https://chat.example.org/");

  it("keeps path and query, on the upstream's origin", () => {
    expect(forwardedUrl(zulip, "/api/v1/messages?anchor=newest")?.href).toBe(
      "https://chat.example.org/api/v1/messages?anchor=newest",
    );
  });

  it("prefixes the upstream's own path", () => {
    expect(forwardedUrl(new URL("https://example.org/zulip/"), "/api/v1/users")?.href).toBe(
      "https://example.org/zulip/api/v1/users",
    );
  });

  it("forwards only its prefixes, after resolving dot segments", () => {
    expect(forwardedUrl(zulip, "/")).toBeUndefined();
    expect(forwardedUrl(zulip, "/assets/index.js")).toBeUndefined();
    expect(forwardedUrl(zulip, "/api/../etc/passwd")).toBeUndefined();
    expect(forwardedUrl(zulip, "/api/%2e%2e/admin")).toBeUndefined();
    expect(forwardedUrl(zulip, "/apix")).toBeUndefined();
    // An absolute-form request target cannot pick another host.
    expect(forwardedUrl(zulip, "http://evil.test/api/v1/x")?.href).toBe(
      "https://chat.example.org/api/v1/x",
    );
  });
});

describe("endToEndHeaders", () => {
  it("drops hop-by-hop headers, those Connection names, and Host", () => {
    expect(
      endToEndHeaders({
        host: "parley.local",
        connection: "keep-alive, X-Secret-Hop",
        "keep-alive": "timeout=5",
        "transfer-encoding": "chunked",
        upgrade: "websocket",
        "x-secret-hop": "1",
        authorization: "Basic x",
        "set-cookie": ["a=1", "b=2"],
      }),
    ).toEqual({ authorization: "Basic x", "set-cookie": ["a=1", "b=2"] });
  });
});

import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

const PAGE = "<!doctype html><title>Parley</title><script src=/app.js></script>";

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "parley-shell-"));
  writeFileSync(join(clientDir, "index.html"), PAGE);
  writeFileSync(join(clientDir, "index.html.br"), brotliCompressSync(PAGE));
  writeFileSync(join(clientDir, "index.html.gz"), gzipSync(PAGE));
  writeFileSync(join(clientDir, "app.js"), "export {};");
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: "GET", url, headers });
}

/** A response's headers but the date. */
function headersOf(response: Awaited<ReturnType<typeof get>>) {
  const { date: _date, ...rest } = response.headers;
  return rest;
}

describe("the app's page", () => {
  it("answers / and a deep link with the page and the same headers", async () => {
    const root = await get("/");
    const deepLink = await get("/narrow/stream/12-general");
    for (const response of [root, deepLink]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(PAGE);
    }
    expect(headersOf(deepLink)).toEqual(headersOf(root));
    expect(root.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=0",
      vary: "accept-encoding",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
    });
    expect(root.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(String(root.headers["last-modified"]))).not.toBeNaN();
    expect(String(root.headers["content-security-policy"])).toContain("default-src 'none'");
  });

  it("sends the build's compressed copy a browser accepts, and 304 to a current copy", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload).toEqual(brotliCompressSync(PAGE));
    const gzip = await get("/narrow/x", { "accept-encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/");
    const again = await get("/", { "if-none-match": String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const since = await get("/", { "if-modified-since": String(plain.headers["last-modified"]) });
    expect(since.statusCode).toBe(304);
  });

  it("is served from memory, and read again when a build rewrites it", async () => {
    unlinkSync(join(clientDir, "index.html"));
    const missing = await get("/");
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe(PAGE);
    writeFileSync(join(clientDir, "index.html"), `${PAGE}<!-- rebuilt -->`);
    await expect.poll(async () => (await get("/")).body).toContain("rebuilt");
  });
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

// The client's service worker (vite.config.ts) is a file of the build like any other, but a
// browser must see a new one at its next update check: it is never answered from a cache
// without asking the server again, nor are the Workbox runtime files it imports.

const WORKER = `importScripts("./workbox-3d9e7ac6.js");\n${"// padding\n".repeat(200)}`;

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "parley-sw-"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Parley</title>");
  writeFileSync(join(clientDir, "sw.js"), WORKER);
  writeFileSync(join(clientDir, "sw.js.br"), brotliCompressSync(WORKER));
  writeFileSync(join(clientDir, "workbox-3d9e7ac6.js"), "self.workbox = {};");
  writeFileSync(join(clientDir, "app-3d9e7ac6.js"), "export {};");
  server = await startTestServer({ clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: "GET", url, headers });
}

describe("the service worker's files", () => {
  it.each([
    ["the worker", "/sw.js", {}],
    ["the worker, compressed", "/sw.js", { "accept-encoding": "br" }],
    ["the Workbox runtime", "/workbox-3d9e7ac6.js", {}],
  ])("%s: JavaScript, always revalidated", async (_name, url, headers) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(?:application|text)\/javascript\b/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("the brotli copy is the one sent to a browser that takes it", async () => {
    const response = await get("/sw.js", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it("leaves the other files of the build as they were", async () => {
    const response = await get("/app-3d9e7ac6.js");
    expect(response.headers["cache-control"]).toBe("public, max-age=0");
  });
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let clientDir: string;
let hamlet: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "parley-client-"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Parley</title>");
  writeFileSync(join(clientDir, "app.js"), "export {};");
  server = await startTestServer({ clientDir });
  hamlet = await server.auth("hamlet@parley.test");
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function get(url: string, auth?: string) {
  return server.app.inject({ method: "GET", url, headers: auth ? { authorization: auth } : {} });
}

describe("security headers", () => {
  it.each([
    ["the page", "/"],
    ["a client-side route", "/narrow/stream"],
    ["a static file", "/app.js"],
    ["API JSON", "/api/v1/users/me"],
    ["an API error", "/api/v1/no/such/endpoint"],
    ["an unauthenticated call", "/api/v1/server_settings"],
    ["a generated avatar (SVG)", "/avatar/2"],
  ])("puts nosniff, no-referrer and DENY on %s", async (_name, url) => {
    const response = await get(url, hamlet);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  it("gives the page a strict Content-Security-Policy", async () => {
    for (const url of ["/", "/narrow/stream"]) {
      const csp = String((await get(url)).headers["content-security-policy"]);
      const directives = new Map(
        csp.split(";").map((part) => {
          const [name = "", ...values] = part.trim().split(/\s+/);
          return [name, values.join(" ")];
        }),
      );
      expect(Object.fromEntries(directives)).toEqual({
        "default-src": "'none'",
        "script-src": "'self'",
        "style-src": "'self'",
        "style-src-attr": "'unsafe-inline'",
        "img-src": "'self' blob:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "worker-src": "'self'",
        "manifest-src": "'self'",
        "frame-ancestors": "'none'",
        "base-uri": "'none'",
        "object-src": "'none'",
        "form-action": "'self'",
      });
    }
  });

  it("keeps the avatars' own closed policy", async () => {
    const response = await get("/avatar/2");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  });
});

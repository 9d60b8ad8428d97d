import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emojiFolder } from "./actions/emoji";
import { startTestServer } from "./test/test-server";
import { uploadStorage } from "./actions/upload-storage";
import { TINY_PNG } from "./test/realm-helpers";
import { uploadOne } from "./test/upload-helpers";
import { LocalUploadStorage } from "./uploads/storage";

describe("a server without a data folder", () => {
  it("removes its temporary emoji folder when it closes", async () => {
    const server = await startTestServer();
    let folder: string;
    try {
      folder = await emojiFolder(server.ctx);
      // The demo organisation's custom emoji were written there by the seed.
      expect(readdirSync(folder).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    const leftBehind = existsSync(folder);
    // Even when this test fails, it leaves nothing behind itself.
    rmSync(folder, { recursive: true, force: true });
    expect(leftBehind).toBe(false);
  });
});

describe("a server without a data folder, after an upload", () => {
  it("removes its temporary uploads folder when it closes", async () => {
    const server = await startTestServer();
    let root: string;
    try {
      await uploadOne(server, await server.auth("hamlet@parley.test"), "a.png", TINY_PNG);
      const storage = await uploadStorage(server.ctx);
      root = storage instanceof LocalUploadStorage ? storage.root : "";
      expect(readdirSync(root).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    const leftBehind = existsSync(root);
    rmSync(root, { recursive: true, force: true });
    expect(leftBehind).toBe(false);
  });
});

describe("a server on its own database", () => {
  it("answers a request that needs no database while a slow statement runs", async () => {
    // With a data folder, the server opens its database itself, as `npm start` does.
    const dataDir = mkdtempSync(join(tmpdir(), "parley-start-"));
    const server = await startTestServer({ dataDir });
    try {
      const order: string[] = [];
      const slow = server.ctx.db.query("SELECT pg_sleep(1)").then(() => order.push("statement"));
      const settings = await server.api("GET", "server_settings");
      order.push("request");
      await slow;
      expect(settings.status).toBe(200);
      expect(order).toEqual(["request", "statement"]);
    } finally {
      await server.close({ saveQueues: false });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

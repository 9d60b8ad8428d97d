import { existsSync, readdirSync, rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emojiFolder } from "./actions/emoji";
import { startTestServer } from "./test/test-server";

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

import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emojiFolder } from "./actions/emoji";
import { startTestServer } from "./test/test-server";

describe("a server without a data folder", () => {
  it("removes its temporary emoji folder when it closes", async () => {
    const server = await startTestServer();
    const folder = await emojiFolder(server.ctx);
    // The demo organisation's custom emoji were written there by the seed.
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    await server.close();
    expect(existsSync(folder)).toBe(false);
  });
});

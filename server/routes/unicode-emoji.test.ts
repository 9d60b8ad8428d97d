import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { EMOJI_TABLE } from "../../common/emoji/emoji-table";
import { registerUnicodeEmojiFiles, UNICODE_EMOJI_PATH } from "./unicode-emoji";
import { emojiImageFiles, loadUnicodeEmojiImages } from "./unicode-emoji-files";

describe("emojiImageFiles", () => {
  it("maps Zulip's codes (non-qualified or unified) to the package's file names", () => {
    const files = emojiImageFiles([
      { unified: "2764-FE0F", non_qualified: "2764", image: "2764-fe0f.png", has_img_google: true },
      { unified: "1F389", non_qualified: null, image: "1f389.png", has_img_google: true },
      { unified: "1FAE8", non_qualified: null, image: "1fae8.png", has_img_google: false },
      { unified: "1F600", non_qualified: null, image: "../1f600.png", has_img_google: true },
    ]);
    expect(Object.fromEntries(files)).toEqual({
      "2764": "2764-fe0f.png",
      "2764-fe0f": "2764-fe0f.png",
      "1f389": "1f389.png",
    });
  });

  it("maps each skin-tone variation to its own image", () => {
    const files = emojiImageFiles([
      {
        unified: "1F44D",
        non_qualified: null,
        image: "1f44d.png",
        has_img_google: true,
        skin_variations: {
          "1F3FD": {
            unified: "1F44D-1F3FD",
            non_qualified: null,
            image: "1f44d-1f3fd.png",
            has_img_google: true,
          },
        },
      },
    ]);
    expect(files.get("1f44d-1f3fd")).toBe("1f44d-1f3fd.png");
  });

  it("has an image for every Unicode emoji and skin tone the renderer knows", () => {
    const { files } = loadUnicodeEmojiImages();
    const codes = EMOJI_TABLE.flatMap(([code, , , tones]) => [code, ...(tones ?? [])]);
    const missing = codes.filter((code) => !files.has(code));
    expect(missing).toEqual([]);
  });
});

async function appWithEmoji() {
  const app = Fastify();
  registerUnicodeEmojiFiles(app);
  await app.ready();
  return app;
}

describe("GET /static/generated/emoji/images/emoji/unicode/{code}.png", () => {
  it("serves a known code's PNG with nosniff, a closed CSP and a long cache", async () => {
    const app = await appWithEmoji();
    for (const code of ["1f389", "2764", "2764-fe0f", "1f937-200d-2640"]) {
      const response = await app.inject({ url: `${UNICODE_EMOJI_PATH}${code}.png` });
      expect(response.statusCode, code).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    }
    await app.close();
  });

  it("serves Zulip's extra emoji, zulip.png", async () => {
    const app = await appWithEmoji();
    const response = await app.inject({ url: `${UNICODE_EMOJI_PATH}zulip.png` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    await app.close();
  });

  it("answers 404 for an unknown code, another spelling, or a path trick", async () => {
    const app = await appWithEmoji();
    for (const file of [
      "fffff.png",
      "1F389.png",
      "1f389.PNG",
      "1f389.gif",
      "1f389",
      "1f389.png.png",
      "-1f389.png",
      "1f389-.png",
      "1f389--200d.png",
      "..%2Femoji.json",
      "..%2F..%2F..%2Fpackage.json",
      "%2e%2e%2f1f389.png",
      "1f389%00.png",
      "1f389.png%2F..%2F..%2Femoji.json",
      "g1f389.png",
      `${"1f389-".repeat(11)}1f389.png`,
    ]) {
      const response = await app.inject({ url: `${UNICODE_EMOJI_PATH}${file}` });
      expect(response.statusCode, file).toBe(404);
      expect(response.headers["content-type"], file).toMatch(/^application\/json/);
    }
    await app.close();
  });
});

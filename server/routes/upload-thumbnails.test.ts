import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendToStream } from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { storedUploads, temporaryUrl, uploadOne } from "../test/upload-helpers";
import { animatedGif, imageSize, orientedJpeg, solidImage } from "../thumbnails/test-images";

let server: TestServer;
let hamlet: string;
let othello: string;
let bigPng: Buffer;
/** A 1200×900 PNG, and a PNG whose data is garbage, uploaded by hamlet. */
let big: string;
let corrupt: string;

beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  bigPng = await solidImage(1200, 900, ".png");
  big = await uploadOne(server, hamlet, "big.png", bigPng);
  corrupt = await uploadOne(
    server,
    hamlet,
    "broken.png",
    Buffer.concat([bigPng.subarray(0, 40), Buffer.alloc(500, 9)]),
  );
});
afterAll(async () => {
  await server.close({ saveQueues: false });
});

async function imageRow(pathId: string) {
  const rows = await server.ctx.db.query<Record<string, unknown>>(
    `SELECT i.original_width, i.original_height, i.frames, i.thumbnail_formats
       FROM image_attachments i JOIN attachments a ON a.id = i.attachment_id WHERE a.path_id = $1`,
    [pathId],
  );
  return rows[0];
}

async function get(url: string, auth?: string) {
  return server.app.inject({
    method: "GET",
    url,
    headers: auth === undefined ? {} : { authorization: auth },
  });
}

async function renderedContent(content: string): Promise<string> {
  const id = await sendToStream(server, hamlet, "general", "thumbnails", content);
  const { body } = await server.api("GET", `messages/${id}`, {}, hamlet);
  return (body["message"] as { content: string }).content; // checked by the caller
}

describe("thumbnails at upload", () => {
  it("records an image's size and stores its thumbnail beside it", async () => {
    expect(await imageRow(big)).toEqual({
      original_width: 1200,
      original_height: 900,
      frames: 1,
      thumbnail_formats: ["840x560.webp"],
    });
    expect((await storedUploads(server)).files).toContain("840x560.webp");
  });

  it("makes an animation's animated thumbnail too, and renders it as animated", async () => {
    const gif = await uploadOne(server, hamlet, "anim.gif", await animatedGif(90, 60, 3));
    expect(await imageRow(gif)).toEqual({
      original_width: 90,
      original_height: 60,
      frames: 3,
      thumbnail_formats: ["840x560-anim.webp", "840x560.webp"],
    });
    // The still one in `src`, as Zulip's default; a client swaps in `-anim` as it likes.
    expect(await renderedContent(`[anim.gif](/user_uploads/${gif})`)).toContain(
      `<img data-animated="true" data-original-dimensions="90x60" data-original-content-type="image/gif"` +
        ` src="/user_uploads/thumbnail/${gif}/840x560.webp">`,
    );
    const animated = await get(`/user_uploads/thumbnail/${gif}/840x560-anim.webp`, hamlet);
    expect(await imageSize(animated.rawPayload)).toEqual({ width: 90, height: 60, pages: 3 });
  });

  it("records a JPEG's size after its EXIF rotation", async () => {
    const jpeg = await uploadOne(server, hamlet, "turned.jpg", await orientedJpeg(80, 40, 6));
    expect(await imageRow(jpeg)).toMatchObject({ original_width: 40, original_height: 80 });
  });

  it("still takes an image libvips cannot read, without thumbnail", async () => {
    expect(await imageRow(corrupt)).toBeUndefined();
  });
});

describe("rendering an uploaded image", () => {
  it("is Zulip's thumbnail markup when it has one, the original when not", async () => {
    expect(await renderedContent(`[big.png](/user_uploads/${big})`)).toBe(
      `<p><a href="/user_uploads/${big}">big.png</a></p>\n` +
        `<div class="message_inline_image"><a href="/user_uploads/${big}" title="big.png">` +
        `<img data-original-dimensions="1200x900" data-original-content-type="image/png"` +
        ` src="/user_uploads/thumbnail/${big}/840x560.webp"></a></div>`,
    );
    expect(await renderedContent(`[broken.png](/user_uploads/${corrupt})`)).toBe(
      `<p><a href="/user_uploads/${corrupt}">broken.png</a></p>\n` +
        `<div class="message_inline_image"><a href="/user_uploads/${corrupt}" title="broken.png">` +
        `<img src="/user_uploads/${corrupt}"></a></div>`,
    );
  });
});

describe("serving a thumbnail", () => {
  const thumbnailPath = () => `/user_uploads/thumbnail/${big}/840x560.webp`;

  it("answers it with Basic auth and the original's headers", async () => {
    const response = await get(thumbnailPath(), hamlet);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
    expect(response.headers["content-disposition"]).toMatch(/^inline; filename="840x560.webp"/);
    expect(await imageSize(response.rawPayload)).toMatchObject({ width: 747, height: 560 });
  });

  it("follows the original's read rule: refused to others until a message they see links it", async () => {
    const mine = await uploadOne(server, hamlet, "mine.png", bigPng);
    const path = `/user_uploads/thumbnail/${mine}/840x560.webp`;
    expect((await get(path)).statusCode).toBe(403);
    expect((await get(path, othello)).statusCode).toBe(403);
    expect((await get(path, "Basic bm9ib2R5OnNlY3JldA==")).statusCode).toBe(401);
    await sendToStream(
      server,
      hamlet,
      "general",
      "thumbnails",
      `[mine.png](/user_uploads/${mine})`,
    );
    expect((await get(path, othello)).statusCode).toBe(200);
    expect((await get(path)).statusCode).toBe(403);
  });

  it("answers an unknown format with the nearest stored one, or a clear 404", async () => {
    const stored = (await get(thumbnailPath(), hamlet)).rawPayload;
    for (const format of ["100x100.webp", "840x560-anim.webp", "2000x2000.webp"]) {
      const response = await get(`/user_uploads/thumbnail/${big}/${format}`, hamlet);
      expect(response.statusCode, format).toBe(200);
      expect(response.rawPayload.equals(stored), format).toBe(true);
    }
    for (const url of [
      `/user_uploads/thumbnail/${big}/840x560.png`,
      `/user_uploads/thumbnail/${big}/..`,
      `/user_uploads/thumbnail/${big}`,
      `/user_uploads/thumbnail/${corrupt}/840x560.webp`,
    ]) {
      const response = await get(url, hamlet);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toMatch(/thumbnail|does not exist/);
    }
  });

  it("serves the thumbnail from the original's temporary URL, and nothing else", async () => {
    const { body } = await temporaryUrl(server, hamlet, big);
    const url = String(body["url"]);
    const response = await get(`${url}/840x560.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.rawPayload.equals((await get(thumbnailPath(), hamlet)).rawPayload)).toBe(true);

    const other = await uploadOne(server, hamlet, "other.png", bigPng);
    const [, , , token = ""] = url.split("/");
    const otherName = other.slice(other.lastIndexOf("/") + 1);
    const bent = [
      `${url}/..%2F..%2F${encodeURIComponent(other)}`,
      `${url}/..%2Fother.png`,
      `${url}/840x560.webp%2F..%2F..`,
      `${url}/big.png`,
    ];
    for (const attempt of bent) expect((await get(attempt)).statusCode, attempt).toBe(404);
    const named = await get(`/user_uploads/temporary/${token}/${otherName}/840x560.webp`);
    expect([named.statusCode, named.json<{ msg: string }>().msg]).toEqual([
      400,
      "Invalid filename",
    ]);
  });
});

describe("deleting an upload", () => {
  it("takes its thumbnails and its image row with it", async () => {
    const gone = await uploadOne(server, hamlet, "gone.png", bigPng);
    const { body } = await server.api("GET", "attachments", {}, hamlet);
    const attachments = body["attachments"] as { id: number; path_id: string }[]; // the API's
    const id = attachments.find((a) => a.path_id === gone)?.id;
    const before = (await storedUploads(server)).files.length;
    expect((await server.api("DELETE", `attachments/${String(id)}`, {}, hamlet)).status).toBe(200);
    expect((await storedUploads(server)).files.length).toBe(before - 2);
    expect(await imageRow(gone)).toBeUndefined();
    expect((await get(`/user_uploads/thumbnail/${gone}/840x560.webp`, hamlet)).statusCode).toBe(
      404,
    );
  });
});

describe("register", () => {
  it("reports Zulip's thumbnail formats", async () => {
    const { body } = await server.api("POST", "register", {}, hamlet);
    expect(body["server_thumbnail_formats"]).toEqual([
      {
        name: "840x560-anim.webp",
        max_width: 840,
        max_height: 560,
        format: "webp",
        animated: true,
      },
      { name: "840x560.webp", max_width: 840, max_height: 560, format: "webp", animated: false },
    ]);
  });
});

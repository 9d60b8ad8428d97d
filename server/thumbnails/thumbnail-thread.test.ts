import { afterAll, describe, expect, it } from "vitest";
import { THUMBNAIL_FORMATS } from "./formats";
import { animatedGif, claimedPng, imageSize, orientedJpeg, solidImage } from "./test-images";
import { Thumbnailer } from "./thumbnail-thread";

const thumbnailer = new Thumbnailer();
afterAll(() => thumbnailer.close());

describe("the thumbnail worker", () => {
  it("reads a PNG's size and makes the still 840x560 WebP, fitted and not enlarged", async () => {
    const result = await thumbnailer.thumbnail(await solidImage(2000, 1500, ".png"));
    expect(result).toMatchObject({ ok: true, width: 2000, height: 1500, frames: 1 });
    if (!result.ok) return;
    expect(result.thumbnails.map((t) => t.name)).toEqual(["840x560.webp"]);
    const bytes = result.thumbnails[0]!.bytes;
    expect(Buffer.from(bytes.subarray(8, 12)).toString()).toBe("WEBP");
    expect(await imageSize(bytes)).toEqual({ width: 747, height: 560, pages: 1 });

    const small = await thumbnailer.thumbnail(await solidImage(30, 20, ".webp"));
    expect(small.ok && (await imageSize(small.thumbnails[0]!.bytes))).toMatchObject({
      width: 30,
      height: 20,
    });
  });

  it("reports a JPEG's size after its EXIF rotation, and rotates the thumbnail", async () => {
    const result = await thumbnailer.thumbnail(await orientedJpeg(40, 20, 6));
    expect(result).toMatchObject({ ok: true, width: 20, height: 40 });
    if (!result.ok) return;
    expect(await imageSize(result.thumbnails[0]!.bytes)).toMatchObject({ width: 20, height: 40 });
  });

  it("makes an animated thumbnail of an animated GIF beside the still one", async () => {
    const result = await thumbnailer.thumbnail(await animatedGif(60, 30, 3));
    expect(result).toMatchObject({ ok: true, width: 60, height: 30, frames: 3 });
    if (!result.ok) return;
    expect(result.thumbnails.map((t) => t.name).sort()).toEqual([
      "840x560-anim.webp",
      "840x560.webp",
    ]);
    const animated = result.thumbnails.find((t) => t.name === "840x560-anim.webp")!;
    expect(await imageSize(animated.bytes)).toEqual({ width: 60, height: 30, pages: 3 });
  });

  it("answers a corrupt image without thumbnails, and goes on working", async () => {
    const png = await solidImage(50, 50, ".png");
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await thumbnailer.thumbnail(corrupt)).toMatchObject({ ok: false, reason: "unreadable" });
    expect(await thumbnailer.thumbnail(Buffer.from("not an image"))).toMatchObject({
      ok: false,
      reason: "unreadable",
    });
    expect(await thumbnailer.thumbnail(png)).toMatchObject({ ok: true, width: 50 });
  });

  it("refuses a pixel bomb from its header, without decoding it", async () => {
    // 20000 × 20000 claimed: `too-large` is only ever the header's verdict, before decoding.
    expect(await thumbnailer.thumbnail(claimedPng(20000, 20000))).toMatchObject({
      ok: false,
      reason: "too-large",
    });
  });

  it("bounds the bytes waiting: past them an image has no thumbnails, one alone always has", async () => {
    const bounded = new Thumbnailer(1000);
    const big = await solidImage(400, 400, ".png");
    expect(big.length).toBeGreaterThan(1000);
    const [first, second] = await Promise.all([
      bounded.thumbnail(big),
      bounded.thumbnail(await solidImage(10, 10, ".png")),
    ]);
    expect(first).toMatchObject({ ok: true, width: 400 });
    expect(second).toMatchObject({ ok: false, message: "too many images waiting" });
    // Once the first is done, the next is taken again.
    expect(await bounded.thumbnail(big)).toMatchObject({ ok: true });
    await bounded.close();
  });

  it("makes a format it is asked for, and answers nothing once closed", async () => {
    const other = new Thumbnailer();
    const small = THUMBNAIL_FORMATS.map((f) => ({ ...f, max_width: 10, max_height: 10 }));
    const result = await other.thumbnail(await solidImage(100, 50, ".png"), small);
    expect(result.ok && (await imageSize(result.thumbnails[0]!.bytes))).toMatchObject({
      width: 10,
      height: 5,
    });
    await other.close();
    expect(await other.thumbnail(await solidImage(10, 10, ".png"))).toMatchObject({ ok: false });
  });
});

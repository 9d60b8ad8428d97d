/** Small images made in tests (no binary fixtures in the repository). */
import { crc32, deflateSync } from "node:zlib";
import Vips from "wasm-vips";

type VipsModule = Awaited<ReturnType<typeof Vips>>;

let vips: Promise<VipsModule> | undefined;

function library(): Promise<VipsModule> {
  vips ??= Vips({ dynamicLibraries: [] });
  return vips;
}

/** A grey image of `width`×`height` encoded as `.png`, `.jpg`, `.gif` or `.webp`. */
export async function solidImage(width: number, height: number, suffix: string): Promise<Buffer> {
  const v = await library();
  const image = v.Image.black(width, height).add(128).cast("uchar");
  return Buffer.from(image.writeToBuffer(suffix));
}

/** A JPEG of `width`×`height` whose EXIF orientation is `orientation`. */
export async function orientedJpeg(width: number, height: number, orientation: number) {
  const v = await library();
  const image = v.Image.black(width, height).add(100).cast("uchar").copy();
  image.setInt("orientation", orientation);
  return Buffer.from(image.writeToBuffer(".jpg"));
}

/** An animated GIF of `frames` frames, each `width`×`height`. */
export async function animatedGif(width: number, height: number, frames: number) {
  const v = await library();
  const pages = Array.from({ length: frames }, (_, i) =>
    v.Image.black(width, height)
      .add((i * 60) % 256)
      .cast("uchar"),
  );
  const strip = v.Image.arrayjoin(pages, { across: 1 }).copy();
  strip.setInt("page-height", height);
  return Buffer.from(strip.writeToBuffer(".gif"));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims `width`×`height` pixels, with at most one row of pixel data (a
 * pixel bomb without the bytes of one).
 */
export function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + 3 * Math.min(width, 100)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The width and height of a WebP (for checking a thumbnail's size). */
export async function imageSize(bytes: Uint8Array) {
  const v = await library();
  const image = v.Image.newFromBuffer(bytes);
  const pages = image.getTypeof("n-pages") === 0 ? 1 : image.getInt("n-pages");
  const size = { width: image.width, height: pages > 1 ? image.pageHeight : image.height, pages };
  image.delete();
  return size;
}

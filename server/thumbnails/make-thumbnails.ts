/**
 * The image work itself, run in the thumbnail worker thread (thumbnail-worker.ts): libvips
 * (wasm-vips) reads an image's header, refuses a pixel bomb before decoding anything, and makes
 * the thumbnails Zulip makes (zerver/lib/thumbnail.py): fitted inside each format's box, never
 * enlarged, rotated by the EXIF orientation, metadata stripped.
 */
import type Vips from "wasm-vips";
import {
  IMAGE_BOMB_TOTAL_PIXELS,
  IMAGE_MAX_ANIMATED_PIXELS,
  type ThumbnailFormat,
} from "./formats";

type VipsModule = Awaited<ReturnType<typeof Vips>>;
type VipsImage = InstanceType<VipsModule["Image"]>;

/** The loaders of the types Parley thumbnails (the sniffed PNG, JPEG, GIF and WebP). */
const LOADERS = new Set(["pngload_buffer", "jpegload_buffer", "gifload_buffer", "webpload_buffer"]);

/** An image's facts and its thumbnails, or why there are none. */
export type ThumbnailResult =
  | {
      ok: true;
      /** After EXIF rotation, as Zulip's `original_width_px` / `original_height_px`. */
      width: number;
      height: number;
      frames: number;
      thumbnails: { name: string; bytes: Uint8Array }[];
    }
  | { ok: false; reason: "unreadable" | "too-large"; message: string };

/** EXIF orientations 5–8 turn the image a quarter: width and height trade places. */
function rotatedSize(image: VipsImage): { width: number; height: number } {
  const orientation = image.getTypeof("orientation") === 0 ? 1 : image.getInt("orientation");
  const pages = image.getTypeof("n-pages") === 0 ? 1 : image.getInt("n-pages");
  // An animation loaded one frame at a time: the header's height is one frame's.
  const width = image.width;
  const height = pages > 1 && image.pageHeight > 0 ? image.pageHeight : image.height;
  return orientation >= 5 && orientation <= 8
    ? { width: height, height: width }
    : { width, height };
}

function frameCount(image: VipsImage): number {
  return image.getTypeof("n-pages") === 0 ? 1 : Math.max(1, image.getInt("n-pages"));
}

/**
 * Reads `bytes` and makes each of `formats` that applies (an animated format only for an
 * animated image). Never throws: a corrupt or unsupported image is `unreadable`.
 */
export function makeThumbnails(
  vips: VipsModule,
  bytes: Uint8Array,
  formats: readonly ThumbnailFormat[],
): ThumbnailResult {
  const made: VipsImage[] = [];
  try {
    // Lazy: only the header is read here, nothing decoded yet.
    const header = vips.Image.newFromBuffer(bytes, "", { access: "sequential" });
    made.push(header);
    if (!LOADERS.has(header.getString("vips-loader"))) {
      return { ok: false, reason: "unreadable", message: "not a PNG, JPEG, GIF or WebP image" };
    }
    const { width, height } = rotatedSize(header);
    const frames = frameCount(header);
    if (width * height > IMAGE_BOMB_TOTAL_PIXELS) {
      return { ok: false, reason: "too-large", message: `${width}x${height} is too many pixels` };
    }
    const thumbnails: { name: string; bytes: Uint8Array }[] = [];
    for (const format of formats) {
      if (
        format.animated &&
        (frames === 1 || width * height * frames > IMAGE_MAX_ANIMATED_PIXELS)
      ) {
        continue;
      }
      const thumbnail = vips.Image.thumbnailBuffer(bytes, format.max_width, {
        height: format.max_height,
        size: "down",
        option_string: format.animated ? "n=-1" : "",
        fail_on: "error",
      });
      made.push(thumbnail);
      const encoded = thumbnail.writeToBuffer(`.${format.format}`, { keep: "none" });
      thumbnails.push({ name: format.name, bytes: encoded });
    }
    return { ok: true, width, height, frames, thumbnails };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: "unreadable", message: message.split("\n")[0] ?? message };
  } finally {
    // wasm-vips images live in the WebAssembly heap until deleted.
    for (const image of made) image.delete();
  }
}

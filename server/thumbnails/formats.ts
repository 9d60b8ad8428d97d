/**
 * Zulip's thumbnail formats (zerver/lib/thumbnail.py, `THUMBNAIL_OUTPUT_FORMATS`): each is named
 * `{max_width}x{max_height}[-anim].{format}`, the last segment of a thumbnail's URL, and reported
 * by register as `server_thumbnail_formats`.
 */
export interface ThumbnailFormat {
  name: string;
  max_width: number;
  max_height: number;
  format: "webp";
  animated: boolean;
}

function format(maxWidth: number, maxHeight: number, animated: boolean): ThumbnailFormat {
  return {
    name: `${maxWidth}x${maxHeight}${animated ? "-anim" : ""}.webp`,
    max_width: maxWidth,
    max_height: maxHeight,
    format: "webp",
    animated,
  };
}

/** What the server makes of every image upload: Zulip's two defaults. */
export const THUMBNAIL_FORMATS: readonly ThumbnailFormat[] = [
  format(840, 560, true),
  format(840, 560, false),
];

/**
 * Zulip's `IMAGE_BOMB_TOTAL_PIXELS`: an image with more pixels (width × height, read from its
 * header) is never decoded.
 */
export const IMAGE_BOMB_TOTAL_PIXELS = 90_000_000;
/** Zulip's `IMAGE_MAX_ANIMATED_PIXELS`: past it (all frames), only the still thumbnail is made. */
export const IMAGE_MAX_ANIMATED_PIXELS = IMAGE_BOMB_TOTAL_PIXELS / 3;

const FORMAT_NAME = /^([1-9]\d{0,4})x([1-9]\d{0,4})(-anim)?\.(webp)$/;

/** A format name's parts, or undefined if `name` is not one (nothing else reaches storage). */
export function parseFormatName(name: string): ThumbnailFormat | undefined {
  const match = FORMAT_NAME.exec(name);
  if (!match) return undefined;
  return format(Number(match[1]), Number(match[2]), match[3] !== undefined);
}

/**
 * The stored thumbnail that answers a request for `requested` (Zulip's `serve_file` of a
 * thumbnail): the same one if it exists; an animated format of a still image is its still
 * one; else, among the stored ones of the same animatedness, the smallest at least as large,
 * or the largest. Undefined if nothing is stored.
 */
export function nearestFormat(
  requested: ThumbnailFormat,
  stored: readonly string[],
): string | undefined {
  const formats = stored.flatMap((name) => parseFormatName(name) ?? []);
  if (formats.length === 0) return undefined;
  const animated = requested.animated && formats.some((f) => f.animated);
  const exact = formats.find((f) => f.name === requested.name);
  if (exact && exact.animated === animated) return exact.name;
  const same = formats.filter((f) => f.animated === animated);
  const candidates = (same.length > 0 ? same : formats).sort(
    (a, b) => a.max_width * a.max_height - b.max_width * b.max_height,
  );
  const larger = candidates.find(
    (f) => f.max_width >= requested.max_width && f.max_height >= requested.max_height,
  );
  return (larger ?? candidates[candidates.length - 1])?.name;
}

/** The format a message's `src` names: the still one (`data-animated` tells a client to swap). */
export function defaultFormat(stored: readonly string[]): string | undefined {
  return stored.find((name) => parseFormatName(name)?.animated === false) ?? stored[0];
}

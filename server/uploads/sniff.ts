/** How many leading bytes `sniffContentType` needs. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString("latin1");

/** ISO base media (`ftyp` box) brands: which type each announces. */
function isoMediaType(brand: string): string {
  if (brand === "avif" || brand === "avis") return "image/avif";
  if (brand === "M4A " || brand === "M4B ") return "audio/mp4";
  if (brand === "qt  ") return "video/quicktime";
  return "video/mp4";
}

/**
 * The media type of a file from its first bytes (magic numbers), never from its name or what
 * the browser claimed: `application/octet-stream` for anything not in this table, so an HTML
 * or SVG file can never be served as one.
 */
export function sniffContentType(head: Buffer): string {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const six = ascii(head, 0, 6);
  if (six === "GIF87a" || six === "GIF89a") return "image/gif";
  if (ascii(head, 0, 4) === "RIFF") {
    const form = ascii(head, 8, 12);
    if (form === "WEBP") return "image/webp";
    if (form === "WAVE") return "audio/wav";
  }
  if (ascii(head, 4, 8) === "ftyp") return isoMediaType(ascii(head, 8, 12));
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return "video/webm";
  if (ascii(head, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(head, 0, 4) === "fLaC") return "audio/flac";
  if (ascii(head, 0, 3) === "ID3") return "audio/mpeg";
  // An MPEG audio frame: 11 sync bits, then a layer other than "reserved".
  if (
    head[0] === 0xff &&
    head[1] !== undefined &&
    (head[1] & 0xe0) === 0xe0 &&
    (head[1] & 0x06) !== 0
  )
    return "audio/mpeg";
  if (ascii(head, 0, 5) === "%PDF-") return "application/pdf";
  return "application/octet-stream";
}

/**
 * Types a browser only ever displays (no script, no navigation of their own): served inline.
 * Zulip's INLINE_MIME_TYPES (zerver/lib/mime_types.py) less `application/pdf`, which the
 * issue asks to serve as an attachment (and a sandboxed response cannot show anyway).
 */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "audio/mp4",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/flac",
]);

/** True when a file of `contentType` may be shown inline rather than downloaded. */
export function isInlineType(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}

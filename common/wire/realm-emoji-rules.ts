/*
 * The rules for a new custom emoji, one copy for both programs: the server refuses a bad upload
 * with these messages (server/actions/emoji.ts), the client checks the same before a possibly
 * large upload (features/custom-emoji). Pure: no DOM, no Node `Buffer` (a Buffer is a Uint8Array).
 */

/** Zulip's `RealmEmoji.name` limit. */
export const MAX_EMOJI_NAME_LENGTH = 60;
/** Zulip's `MAX_EMOJI_FILE_SIZE_MIB` (5 MiB). */
export const MAX_EMOJI_BYTES = 5 * 1024 * 1024;
/** How many leading bytes `emojiImageType` needs. */
export const EMOJI_SNIFF_BYTES = 12;

/** The image formats accepted, by file extension, with their MIME types. */
export const EMOJI_IMAGE_TYPES = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
/** The extension of an accepted image (the server stores the file under it). */
export type EmojiImageType = keyof typeof EMOJI_IMAGE_TYPES;

/** The server's refusal of any other file. */
export const INVALID_EMOJI_IMAGE = "Invalid image format: use PNG, GIF, JPEG or WebP.";

/** True when `text` is the extension of an accepted image. */
export function isEmojiImageType(text: string): text is EmojiImageType {
  return Object.hasOwn(EMOJI_IMAGE_TYPES, text);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * PNG, GIF, JPEG or WebP from the file's first bytes, never from its name or MIME type (which
 * the uploader chooses); undefined for anything else. SVG is never accepted: it can carry script.
 */
export function emojiImageType(bytes: Uint8Array): EmojiImageType | undefined {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return "png";
  const head = ascii(bytes, 0, 6);
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return undefined;
}

/**
 * Why `name` breaks Zulip's emoji name rule (lowercase letters, digits, `_` and `-`, ending in a
 * letter or digit), in the server's words; undefined when it keeps it. Zulip turns spaces into
 * `_` first; we refuse them, so a name is stored exactly as asked. Names are never trimmed.
 */
export function emojiNameProblem(name: string): string | undefined {
  if (name === "") return "Emoji name is missing";
  if (name.length > MAX_EMOJI_NAME_LENGTH) {
    return `Emoji name is too long (limit: ${String(MAX_EMOJI_NAME_LENGTH)} characters).`;
  }
  if (!/^[0-9a-z_-]+$/.test(name)) {
    return "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.";
  }
  if (!/[0-9a-z]$/.test(name)) return "Emoji names must end with either a letter or digit.";
  return undefined;
}

import { randomBytes } from "node:crypto";
import { parseFormatName } from "../thumbnails/formats";

/** The only organisation of a Parley server (the `realm` table holds one row, id 1). */
const REALM_ID = 1;

/**
 * Zulip's `sanitize_name` (zerver/lib/upload/__init__.py): NFKC, only letters, digits, `_`,
 * `.`, `-` and spaces kept, runs of spaces and dashes made one dash; a name left empty or made
 * of dots becomes `uploaded-file`. Safe in a file system, in a URL and in Markdown.
 */
export function sanitizeName(name: string): string {
  const cleaned = name
    .normalize("NFKC")
    .replace(/[^\p{L}\p{M}\p{N}_\s.-]/gu, "")
    .trim()
    .replace(/[-\s]+/g, "-")
    // A long name would make a path longer than file systems take (255 bytes a segment).
    .slice(0, 120);
  return cleaned === "" || /^\.+$/.test(cleaned) ? "uploaded-file" : cleaned;
}

/**
 * A new path id shaped as Zulip's local backend makes them (`generate_message_upload_path`):
 * `{realm_id}/{2 hex}/{24 url-safe random}/{sanitised name}`; the random part is what keeps
 * a file from being guessed.
 */
export function newPathId(fileName: string): string {
  const bucket = randomBytes(1).toString("hex");
  const secret = randomBytes(18).toString("base64url");
  return `${REALM_ID}/${bucket}/${secret}/${sanitizeName(fileName)}`;
}

const PATH_ID = /^\d{1,10}\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/([^/\\\0]{1,255})$/u;

/**
 * The path id if `text` has a path id's shape, else undefined: four segments, nothing that
 * could climb out of the uploads folder (`..`, backslashes, NUL, an absolute path).
 */
export function checkedPathId(text: string): string | undefined {
  const match = PATH_ID.exec(text);
  const name = match?.[1];
  if (name === undefined || name === "." || name === "..") return undefined;
  return text;
}

/** The file name at the end of a path id. */
export function pathIdName(pathId: string): string {
  return pathId.slice(pathId.lastIndexOf("/") + 1);
}

/** Where a thumbnail of `pathId` is stored: Zulip's `thumbnail/{path id}/{format name}`. */
export function thumbnailKey(pathId: string, formatName: string): string {
  return `thumbnail/${pathId}/${formatName}`;
}

/**
 * `text` if it is a path id or a thumbnail's key (of a path id, with a format's name), else
 * undefined: what the storage accepts.
 */
export function checkedStorageKey(text: string): string | undefined {
  if (!text.startsWith("thumbnail/")) return checkedPathId(text);
  const slash = text.lastIndexOf("/");
  const pathId = text.slice("thumbnail/".length, slash);
  const format = text.slice(slash + 1);
  return checkedPathId(pathId) !== undefined && parseFormatName(format) ? text : undefined;
}

import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import {
  deactivateEmoji,
  findActiveEmojiByName,
  insertEmoji,
  listEmoji,
  type EmojiRow,
} from "../db/realm";
import { isAdministrator, ROLE, type UserRow } from "../db/users";
import type { UploadedFile } from "../http/body";
import { ApiError, badRequest } from "../http/errors";

export const MAX_EMOJI_NAME_LENGTH = 60;
export const MAX_EMOJI_BYTES = 5 * 1024 * 1024;
export const EMOJI_URL_PREFIX = "/user_avatars/emoji/";

/** A custom emoji as `GET /realm/emoji`, `realm_emoji` state and events carry it. */
export interface EmojiDict {
  id: string;
  name: string;
  source_url: string;
  still_url: null;
  deactivated: boolean;
  /** Zulip's field. */
  author_id: number | null;
  /** The spec's field. */
  author: { id: number; email: string; full_name: string } | null;
}

/** The image formats we accept, recognised by their first bytes (never by name or MIME type). */
export const IMAGE_TYPES = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export function isImageExtension(text: string): text is ImageExtension {
  return Object.hasOwn(IMAGE_TYPES, text);
}

/** PNG, GIF, JPEG or WebP by magic bytes; SVG is never accepted (it can carry script). */
export function imageExtension(data: Buffer): ImageExtension | undefined {
  const ascii = (start: number, end: number) => data.subarray(start, end).toString("latin1");
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpg";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

const temporaryFolders = new WeakMap<object, Promise<string>>();

/**
 * Where emoji images live: `DATA_DIR/emoji`, or a temporary folder per server when the database
 * is in memory (tests).
 */
export async function emojiFolder(ctx: Pick<AppContext, "config" | "queues">): Promise<string> {
  if (ctx.config.dataDir !== undefined) {
    const folder = join(ctx.config.dataDir, "emoji");
    await mkdir(folder, { recursive: true });
    return folder;
  }
  // Keyed by the queue registry: one per server, shared by the seed's transaction context.
  let folder = temporaryFolders.get(ctx.queues);
  if (!folder) {
    folder = mkdtemp(join(tmpdir(), "parley-emoji-"));
    temporaryFolders.set(ctx.queues, folder);
  }
  return folder;
}

/**
 * Zulip's emoji name rule: lowercase letters, digits, `_` and `-`, ending in a letter or digit.
 * Zulip turns spaces into `_` first; we refuse them, so a name is stored exactly as asked.
 */
export function checkEmojiName(name: string): void {
  if (name === "") throw badRequest("Emoji name is missing");
  if (name.length > MAX_EMOJI_NAME_LENGTH) {
    throw badRequest(`Emoji name is too long (limit: ${MAX_EMOJI_NAME_LENGTH} characters).`);
  }
  if (/^[0-9a-z_-]*[0-9a-z]$/.test(name)) return;
  if (/^[0-9a-z_-]+$/.test(name)) {
    throw badRequest("Emoji names must end with either a letter or digit.");
  }
  throw badRequest(
    "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
  );
}

export function emojiDict(row: EmojiRow): EmojiDict {
  const author =
    row.author_id === null
      ? null
      : { id: row.author_id, email: row.author_email ?? "", full_name: row.author_full_name ?? "" };
  return {
    id: String(row.id),
    name: row.name,
    source_url: `${EMOJI_URL_PREFIX}${row.file_name}`,
    still_url: null,
    deactivated: row.deactivated,
    author_id: row.author_id,
    author,
  };
}

/** Every custom emoji (deactivated ones too), keyed by id as a string. */
export async function realmEmoji(db: Queryable): Promise<Record<string, EmojiDict>> {
  const result: Record<string, EmojiDict> = {};
  for (const row of await listEmoji(db)) result[String(row.id)] = emojiDict(row);
  return result;
}

/** Sends `realm_emoji` `update` with the whole dict to every queue. */
async function publishEmoji(ctx: AppContext): Promise<void> {
  ctx.renderContext.invalidate();
  const dict = await realmEmoji(ctx.db);
  ctx.queues.publishWhere(
    () => true,
    () => ({ type: "realm_emoji", op: "update", realm_emoji: dict }),
  );
}

function checkUpload(files: readonly UploadedFile[]): { data: Buffer; extension: ImageExtension } {
  const [file] = files;
  if (!file || files.length !== 1) throw badRequest("You must upload exactly one file.");
  if (file.data.length > MAX_EMOJI_BYTES) {
    throw new ApiError("Uploaded file is larger than the allowed limit of 5 MiB", { status: 413 });
  }
  const extension = imageExtension(file.data);
  if (!extension) throw badRequest("Invalid image format: use PNG, GIF, JPEG or WebP.");
  return { data: file.data, extension };
}

/**
 * Adds a custom emoji from exactly one uploaded image (members and above; not guests). The row
 * and the file are written together: a failed write rolls the row back. Publishes `realm_emoji`.
 */
export async function addEmoji(
  ctx: AppContext,
  user: UserRow,
  name: string,
  files: readonly UploadedFile[],
): Promise<void> {
  checkEmojiName(name);
  if (user.role === ROLE.guest) throw badRequest("Insufficient permission");
  if (await findActiveEmojiByName(ctx.db, name)) {
    throw badRequest("A custom emoji with this name already exists.");
  }
  const upload = checkUpload(files);
  const folder = await emojiFolder(ctx);
  try {
    await ctx.db.transaction(async (tx) => {
      if (await findActiveEmojiByName(tx, name)) {
        throw badRequest("A custom emoji with this name already exists.");
      }
      const { fileName } = await insertEmoji(tx, name, upload.extension, user.id);
      await writeFile(join(folder, fileName), upload.data);
    });
  } catch (error) {
    // A concurrent upload of the same name lost the race on the unique index.
    const isDuplicate =
      typeof error === "object" && error !== null && "code" in error && error.code === "23505";
    throw isDuplicate ? badRequest("A custom emoji with this name already exists.") : error;
  }
  await publishEmoji(ctx);
}

/**
 * Deactivates the active emoji called `name` (its author or an administrator). Unknown: 404
 * "Emoji 'x' does not exist". The image stays, for messages that already use it.
 */
export async function removeEmoji(ctx: AppContext, user: UserRow, name: string): Promise<void> {
  const emoji = await findActiveEmojiByName(ctx.db, name);
  if (!emoji) throw new ApiError(`Emoji '${name}' does not exist`, { status: 404 });
  if (!isAdministrator(user) && emoji.author_id !== user.id) {
    throw badRequest("Must be an organization administrator or emoji author");
  }
  await ctx.db.transaction((tx) => deactivateEmoji(tx, emoji.id));
  await publishEmoji(ctx);
}

import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { deactivateEmoji, findActiveEmojiByName, insertEmoji, listEmoji } from "../db/realm";
import { isAdministrator, ROLE, type UserRow } from "../db/users";
import { unicodeEmojiCode } from "../format/unicode-emoji";
import type { UploadedFile } from "../http/body";
import {
  emojiImageType,
  emojiNameProblem,
  INVALID_EMOJI_IMAGE,
  MAX_EMOJI_BYTES,
  type EmojiImageType,
} from "../../common/wire/realm-emoji-rules";
import { ApiError, badRequest } from "../http/errors";
import type { RealmEmojiMap } from "../../common/wire/realm";
import { formatEmoji } from "../format/emoji";

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

/** Throws the 400 of a name that breaks the rule (common/wire/realm-emoji-rules.ts). */
function checkEmojiName(name: string): void {
  const problem = emojiNameProblem(name);
  if (problem !== undefined) throw badRequest(problem);
}

/** Every custom emoji (deactivated ones too), keyed by id as a string. */
export async function realmEmoji(db: Queryable): Promise<RealmEmojiMap> {
  const result: RealmEmojiMap = {};
  for (const row of await listEmoji(db)) result[String(row.id)] = formatEmoji(row);
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

function checkUpload(files: readonly UploadedFile[]): { data: Buffer; extension: EmojiImageType } {
  const [file] = files;
  if (!file || files.length !== 1) throw badRequest("You must upload exactly one file.");
  if (file.data.length > MAX_EMOJI_BYTES) {
    throw new ApiError("Uploaded file is larger than the allowed limit of 5 MiB", { status: 413 });
  }
  const extension = emojiImageType(file.data);
  if (!extension) throw badRequest(INVALID_EMOJI_IMAGE);
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
  // Zulip's upload_emoji (zerver/views/realm_emoji.py): a custom emoji named like a Unicode one
  // replaces it for everyone, so only an administrator may add one.
  if (unicodeEmojiCode(name) !== undefined && !isAdministrator(user)) {
    throw badRequest("Only administrators can override default emoji.");
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

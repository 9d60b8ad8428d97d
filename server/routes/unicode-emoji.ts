import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { PROJECT_ROOT } from "../project-root";
import { loadUnicodeEmojiImages, type UnicodeEmojiImages } from "./unicode-emoji-files";

/** Zulip's path for its Unicode emoji images (`{code}.png`), kept so its HTML works here. */
export const UNICODE_EMOJI_PATH = "/static/generated/emoji/images/emoji/unicode/";

/** `{code}.png`: lower-case hex code points joined by `-`; no dot, slash or anything else. */
const FILE_NAME = /^([0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,9})\.png$/;

/**
 * Zulip's one extra emoji, `:zulip:` (its logo), is Parley's here: the demo's `parley` image,
 * a file of this repository.
 */
const EXTRA_EMOJI_FILE = join(PROJECT_ROOT, "public", "emoji", "parley.png");

function notFound() {
  return { result: "error", msg: "Not Found", code: "BAD_REQUEST" };
}

/**
 * Serves the Unicode emoji images (Google's Noto set) at Zulip's path, for message bodies,
 * reactions, the picker and the typeahead. Only a code the emoji data knows is served, from the
 * file name that data gives (never one built from the request), as a PNG under `nosniff` and a
 * CSP that forbids everything, cached for a year (an emoji's image does not change); anything
 * else is a 404. No authentication, as Zulip's static files.
 */
export function registerUnicodeEmojiFiles(
  app: FastifyInstance,
  load: () => UnicodeEmojiImages = loadUnicodeEmojiImages,
): void {
  let images: UnicodeEmojiImages | undefined;
  app.get<{ Params: { file: string } }>(`${UNICODE_EMOJI_PATH}:file`, async (request, reply) => {
    const { file } = request.params;
    images ??= load();
    const code = FILE_NAME.exec(file)?.[1];
    const name = code === undefined ? undefined : images.files.get(code);
    const path =
      file === "zulip.png"
        ? EXTRA_EMOJI_FILE
        : name === undefined
          ? undefined
          : join(images.folder, name);
    if (path === undefined) return reply.status(404).send(notFound());
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch {
      return reply.status(404).send(notFound());
    }
    return reply
      .header("Content-Type", "image/png")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(data);
  });
}

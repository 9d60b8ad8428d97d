import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { addEmoji, emojiFolder, realmEmoji, removeEmoji } from "../actions/emoji";
import { EMOJI_IMAGE_TYPES, isEmojiImageType } from "../../common/wire/realm-emoji-rules";
import type { AppContext } from "../context";
import { EMOJI_URL_PREFIX } from "../format/emoji";
import { userEndpoint, type Endpoint } from "../http/endpoint";
import { pathText } from "./path-params";

const FILE_NAME = /^(\d{1,10})\.(png|gif|jpg|webp)$/;

/** `GET /realm/emoji`, `POST` and `DELETE /realm/emoji/{emoji_name}`. */
export const emojiEndpoints: Endpoint[] = [
  /** GET /api/v1/realm/emoji */
  userEndpoint("realm/emoji", {
    GET: async ({ ctx }) => ({ emoji: await realmEmoji(ctx.db) }),
  }),
  userEndpoint("realm/emoji/{emoji_name}", {
    /** POST /api/v1/realm/emoji/{emoji_name} (multipart, one image file) */
    POST: async ({ ctx, user, body, path }) => {
      await addEmoji(ctx, user, pathText({ path }, "emoji_name"), body.files);
      return {};
    },
    /** DELETE /api/v1/realm/emoji/{emoji_name} */
    DELETE: async ({ ctx, user, path }) => {
      await removeEmoji(ctx, user, pathText({ path }, "emoji_name"));
      return {};
    },
  }),
];

function notFound() {
  return { result: "error", msg: "Not Found", code: "BAD_REQUEST" };
}

/**
 * Serves custom emoji images at `/user_avatars/emoji/<id>.<ext>` (no authentication, as Zulip's
 * avatars). Only our own file names are served, with the type of their checked extension,
 * `nosniff` and a CSP that forbids everything, so an image can never run as a page.
 */
export function registerEmojiFiles(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { file: string } }>(`${EMOJI_URL_PREFIX}:file`, async (request, reply) => {
    const match = FILE_NAME.exec(request.params.file);
    const extension = match?.[2];
    if (!match || extension === undefined || !isEmojiImageType(extension)) {
      return reply.status(404).send(notFound());
    }
    let data: Buffer;
    try {
      data = await readFile(join(await emojiFolder(ctx), match[0]));
    } catch {
      return reply.status(404).send(notFound());
    }
    return reply
      .header("Content-Type", EMOJI_IMAGE_TYPES[extension])
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'")
      .header("Cache-Control", "public, max-age=86400")
      .send(data);
  });
}

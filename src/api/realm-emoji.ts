import type { ApiClient, CallOptions, LongCallOptions } from "./client";
import { getCustomEmojiResponseSchema, type GetCustomEmojiResponse } from "../../common/wire/realm";
import { emptySuccessResponseSchema } from "../../common/wire/responses";

/** An upload may take far longer than an ordinary request (the limit is 5 MiB). */
export const UPLOAD_TIMEOUT_MS = 120_000;

function emojiPath(name: string): string {
  return `realm/emoji/${encodeURIComponent(name)}`;
}

/** GET /api/v1/realm/emoji — every custom emoji, deactivated ones included, keyed by id. */
export function getCustomEmoji(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetCustomEmojiResponse> {
  return client.request("GET", "realm/emoji", {
    schema: getCustomEmojiResponseSchema,
    signal: options.signal,
  });
}

/**
 * POST /api/v1/realm/emoji/{emoji_name} — uploads one image (PNG, GIF, JPEG or WebP) as a
 * multipart body. Names are `[0-9a-z_-]`, ending in a letter or digit.
 */
export async function uploadCustomEmoji(
  client: ApiClient,
  params: { emoji_name: string; file: Blob },
  options: LongCallOptions = {},
): Promise<void> {
  await client.request("POST", emojiPath(params.emoji_name), {
    files: { file: params.file },
    schema: emptySuccessResponseSchema,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? UPLOAD_TIMEOUT_MS,
  });
}

/** DELETE /api/v1/realm/emoji/{emoji_name} — deactivates it; messages using it keep the image. */
export async function deactivateCustomEmoji(
  client: ApiClient,
  params: { emoji_name: string },
  options: CallOptions = {},
): Promise<void> {
  await client.request("DELETE", emojiPath(params.emoji_name), {
    schema: emptySuccessResponseSchema,
    signal: options.signal,
  });
}

import type { ApiClient, CallOptions, LongCallOptions } from "./client";
import type { GetCustomEmojiResponse } from "../../common/wire/realm";

/** An upload may take far longer than an ordinary request (the limit is 5 MiB). */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** GET /api/v1/realm/emoji — every custom emoji, deactivated ones included, keyed by id. */
export function getCustomEmoji(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetCustomEmojiResponse> {
  return client.call("GET", "realm/emoji", {
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
  await client.call("POST", "realm/emoji/{emoji_name}", {
    path: { emoji_name: params.emoji_name },
    files: { file: params.file },
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
  await client.call("DELETE", "realm/emoji/{emoji_name}", {
    path: params,
    signal: options.signal,
  });
}

/**
 * Where the server serves Zulip's Unicode emoji images (Google's Noto set): Zulip's own path, so
 * the HTML a real Zulip renders and this client's images agree. Same origin, always.
 */
const UNICODE_EMOJI_PATH = "/static/generated/emoji/images/emoji/unicode/";

/** Zulip's emoji code: lower-case hex code points joined by `-` (`1f389`, `1f937-200d-2640`). */
const EMOJI_CODE = /^[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,9}$/;

/** The image URL of a Unicode emoji by its code, or undefined when `code` is not one. */
export function unicodeEmojiUrl(code: string): string | undefined {
  return EMOJI_CODE.test(code) ? `${UNICODE_EMOJI_PATH}${code}.png` : undefined;
}

/** The image URL of Zulip's one extra emoji, `:zulip:`. */
export const ZULIP_EMOJI_URL = `${UNICODE_EMOJI_PATH}zulip.png`;

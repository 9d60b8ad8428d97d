import { unicodeEmojiCode as codeOfName, unicodeEmojiName } from "../../common/emoji/emoji-names";

/**
 * Unicode emoji names (canonical, aliases, and each skin tone's `{name}_{tone}`) and code points,
 * for reactions: the whole set the client's picker offers (common/emoji/), so any emoji picked is
 * accepted. Wider than the renderer's `:name:`, which knows Zulip's names only (its corpus leaves
 * emoji-data's other names and toned sequences as text). A name outside it is refused as unknown.
 */

/** The code point sequence of a Unicode emoji name (canonical, alias or toned), if known. */
export function unicodeEmojiCode(name: string): string | undefined {
  return codeOfName(name);
}

/** Whether `code` is the code of a known Unicode emoji. */
export function isUnicodeEmojiCode(code: string): boolean {
  return unicodeEmojiName(code) !== undefined;
}

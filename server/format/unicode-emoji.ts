import { UNICODE_EMOJI } from "../../common/markdown/emoji-data";

/**
 * Zulip's Unicode emoji names (canonical and aliases) and code points, for reactions: the same
 * table the shared renderer uses for `:name:`, so a reaction and a message agree on every emoji.
 * A name outside it is refused as unknown.
 */
const EMOJI = UNICODE_EMOJI;

const NAME_TO_CODE: ReadonlyMap<string, string> = new Map(
  EMOJI.flatMap(([code, ...names]) => names.map((name) => [name, code] as const)),
);
const CODES: ReadonlySet<string> = new Set(EMOJI.map(([code]) => code));

/** The code point sequence of a Unicode emoji name (canonical or alias), if known. */
export function unicodeEmojiCode(name: string): string | undefined {
  return NAME_TO_CODE.get(name);
}

/** Whether `code` is the code of a known Unicode emoji. */
export function isUnicodeEmojiCode(code: string): boolean {
  return CODES.has(code);
}

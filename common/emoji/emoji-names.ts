import { UNICODE_EMOJI } from "../markdown/emoji-data";
import { EMOJI_TABLE, SKIN_TONE_NAMES } from "./emoji-table";

/**
 * Every Unicode emoji name the renderer and the server know, to its code, and each code to its
 * canonical name: the generated table (Zulip's names for the emoji Zulip's `emoji-data.ts` has,
 * emoji-data's short names for the rest, `{name}_{tone}` for each skin tone), and Zulip's names
 * the table leaves out (the bare skin-tone swatches). Built once, on first use.
 */
interface EmojiNames {
  readonly nameToCode: ReadonlyMap<string, string>;
  readonly codeToName: ReadonlyMap<string, string>;
}

let built: EmojiNames | undefined;

function emojiNames(): EmojiNames {
  if (built !== undefined) return built;
  const nameToCode = new Map<string, string>();
  const codeToName = new Map<string, string>();
  const add = (code: string, names: readonly string[]) => {
    for (const name of names) if (!nameToCode.has(name)) nameToCode.set(name, code);
    const canonical = names[0];
    if (canonical !== undefined && !codeToName.has(code)) codeToName.set(code, canonical);
  };
  for (const [code, , names, tones] of EMOJI_TABLE) {
    add(code, names);
    const base = names.find((name) => /^[a-z0-9_]+$/.test(name));
    tones?.forEach((toned, index) => {
      add(toned, [`${base ?? code}_${SKIN_TONE_NAMES[index] ?? ""}`]);
    });
  }
  for (const [code, ...names] of UNICODE_EMOJI) add(code, names);
  built = { nameToCode, codeToName };
  return built;
}

/** The code of a Unicode emoji name (canonical, alias or toned), if known. */
export function unicodeEmojiCode(name: string): string | undefined {
  return emojiNames().nameToCode.get(name);
}

/** The canonical name of a Unicode emoji code, if known. */
export function unicodeEmojiName(code: string): string | undefined {
  return emojiNames().codeToName.get(code);
}

/** The name of `name`'s emoji in skin tone `tone` (0 = none, 1–5 lightest to darkest). */
export function tonedEmojiName(name: string, tone: number): string {
  const suffix = SKIN_TONE_NAMES[tone - 1];
  return suffix === undefined ? name : `${name}_${suffix}`;
}

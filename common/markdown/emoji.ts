import { escapeAttr, escapeText } from "./escape";
import { UNICODE_EMOJI } from "./emoji-data";
import type { RenderContext } from "./types";
import { isSafeImageUrl } from "./urls";

const NAME_TO_CODE: ReadonlyMap<string, string> = new Map(
  UNICODE_EMOJI.flatMap(([code, ...names]) => names.map((name) => [name, code] as const)),
);
const CODE_TO_NAME: ReadonlyMap<string, string> = new Map(
  UNICODE_EMOJI.map(([code, name]) => [code, name ?? ""] as const),
);

/** The HTML Zulip emits for a Unicode emoji. */
function unicodeEmojiHtml(code: string, name: string): string {
  const label = escapeAttr(name.replace(/_/g, " "));
  return `<span aria-label="${label}" class="emoji emoji-${escapeAttr(code)}" role="img" title="${label}">:${escapeText(name)}:</span>`;
}

function imageEmojiHtml(name: string, src: string): string {
  return `<img alt=":${escapeAttr(name)}:" class="emoji" src="${escapeAttr(src)}" title="${escapeAttr(name.replace(/_/g, " "))}">`;
}

/** Custom emoji by name (active ones with a safe URL only), per context. */
const customCache = new WeakMap<RenderContext["customEmoji"], Map<string, string>>();

function customEmoji(context: RenderContext, name: string): string | undefined {
  let map = customCache.get(context.customEmoji);
  if (!map) {
    map = new Map();
    for (const emoji of context.customEmoji) {
      if (!emoji.deactivated && isSafeImageUrl(emoji.source_url))
        map.set(emoji.name, emoji.source_url);
    }
    customCache.set(context.customEmoji, map);
  }
  return map.get(name);
}

/** `:name:` → emoji HTML (custom first, then `:zulip:`, then Unicode), or null if unknown. */
export function namedEmojiHtml(name: string, context: RenderContext): string | null {
  const custom = customEmoji(context, name);
  if (custom !== undefined) return imageEmojiHtml(name, custom);
  if (name === "zulip")
    return imageEmojiHtml(name, "/static/generated/emoji/images/emoji/unicode/zulip.png");
  const code = NAME_TO_CODE.get(name);
  return code === undefined ? null : unicodeEmojiHtml(code, name);
}

/** A Unicode emoji sequence (as typed) → emoji HTML, or null if Zulip doesn't know it. */
export function unicodeSequenceHtml(sequence: string): string | null {
  // Code points are exactly what we want here (Zulip's emoji codes are code point sequences).
  // eslint-disable-next-line @typescript-eslint/no-misused-spread
  const code = [...sequence]
    .map((c) => c.codePointAt(0) ?? 0)
    .filter((point) => point !== 0xfe0f)
    .map((point) => point.toString(16).padStart(4, "0"))
    .join("-");
  const name = CODE_TO_NAME.get(code);
  return name === undefined ? null : unicodeEmojiHtml(code, name);
}

// Zulip's POSSIBLE_EMOJI_RE; every alternative starts with a distinct class, so no backtracking.
const COMPONENT = String.raw`(?:\p{RI}\p{RI}|\p{Emoji}(?:\p{Emoji_Modifier}|\uFE0F\u20E3?|[\u{E0020}-\u{E007E}]+\u{E007F})?)`;
/** Finds possible Unicode emoji sequences. */
export const POSSIBLE_EMOJI_RE = new RegExp(`${COMPONENT}(?:\\u200D${COMPONENT})*`, "gu");

/**
 * Zulip's emoticons (`translate_emoticons`): Zulip 9.0's `EMOTICON_CONVERSIONS`
 * (tools/setup/emoji/emoji_setup_utils.py), each to the emoji name it becomes. Every one is two
 * characters long.
 */
export const EMOTICONS: ReadonlyMap<string, string> = new Map([
  [":)", "smile"],
  ["(:", "smile"],
  [":(", "frown"],
  ["<3", "heart"],
  [":|", "neutral"],
  [":/", "confused"],
  [";)", "wink"],
  [":D", "grinning"],
  [":o", "open_mouth"],
  [":O", "open_mouth"],
  [":p", "stuck_out_tongue"],
  [":P", "stuck_out_tongue"],
]);

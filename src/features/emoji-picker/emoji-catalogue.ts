import type { RealmEmojiMap } from "../../../common/wire/realm";
import { UNICODE_EMOJI } from "../../../common/markdown/emoji-data";
import type { ReactionEmoji } from "../../lib/reaction-emoji";

/** An emoji the picker offers: how a reaction names it, plus other names to search by. */
export interface EmojiChoice extends ReactionEmoji {
  readonly aliases: readonly string[];
}

/** The organisation's active custom emoji, by name. */
export function customEmojiChoices(map: RealmEmojiMap | undefined): EmojiChoice[] {
  if (map === undefined) return [];
  return Object.values(map)
    .filter((emoji) => !emoji.deactivated)
    .map((emoji) => ({
      emoji_name: emoji.name,
      emoji_code: emoji.id,
      reaction_type: "realm_emoji",
      aliases: [],
    }))
    .sort((a, b) => a.emoji_name.localeCompare(b.emoji_name));
}

let unicodeChoices: EmojiChoice[] | undefined;

/** Zulip's Unicode emoji we know, canonical name first, in the table's order. */
export function unicodeEmojiChoices(): EmojiChoice[] {
  unicodeChoices ??= UNICODE_EMOJI.map(([code, name, ...aliases]) => ({
    emoji_name: name ?? code,
    emoji_code: code,
    reaction_type: "unicode_emoji",
    aliases,
  }));
  return unicodeChoices;
}

/** What the user typed, as an emoji name: lower case, without colons, `_` for spaces. */
export function normaliseEmojiQuery(query: string): string {
  return query
    .trim()
    .toLowerCase()
    .replace(/^:+|:+$/g, "")
    .replace(/\s+/g, "_");
}

/**
 * The choices whose name or an alias contains the query; names that start with it come
 * first, otherwise the order is kept. An empty query keeps everything.
 */
export function filterEmoji(choices: readonly EmojiChoice[], query: string): EmojiChoice[] {
  const needle = normaliseEmojiQuery(query);
  if (needle === "") return [...choices];
  const starts: EmojiChoice[] = [];
  const contains: EmojiChoice[] = [];
  for (const choice of choices) {
    const names = [choice.emoji_name, ...choice.aliases];
    if (names.some((name) => name.startsWith(needle))) starts.push(choice);
    else if (names.some((name) => name.includes(needle))) contains.push(choice);
  }
  return [...starts, ...contains];
}

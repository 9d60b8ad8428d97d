import type { RealmEmojiMap } from "../../../common/wire/realm";
import { EMOJI_CATEGORIES, EMOJI_TABLE, SKIN_TONE_NAMES } from "../../../common/emoji/emoji-table";
import { UNICODE_EMOJI } from "../../../common/markdown/emoji-data";
import type { ReactionEmoji } from "../../lib/reaction-emoji";

/** An emoji the picker offers: how a reaction names it, plus other names to search by. */
export interface EmojiChoice extends ReactionEmoji {
  readonly aliases: readonly string[];
  /** The five skin-tone codes (lightest first), for the emoji that have them. */
  readonly tones?: readonly string[];
}

/** One of the picker's sections (and its tab). */
export interface EmojiCategory {
  readonly id: string;
  readonly label: string;
  readonly choices: readonly EmojiChoice[];
}

/** The picker's category names, Zulip's, for the table's categories (EMOJI_CATEGORIES's order). */
const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  "Smileys & People": "Smileys & People",
  "Animals & Nature": "Animals & Nature",
  "Food & Drink": "Food & Drink",
  Activities: "Activity",
  "Travel & Places": "Travel & Places",
  Objects: "Objects",
  Symbols: "Symbols",
  Flags: "Flags",
};

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

interface UnicodeCatalogue {
  readonly all: readonly EmojiChoice[];
  readonly byCategory: readonly (readonly EmojiChoice[])[];
}

let unicodeCatalogue: UnicodeCatalogue | undefined;

function catalogue(): UnicodeCatalogue {
  if (unicodeCatalogue !== undefined) return unicodeCatalogue;
  const byCategory: EmojiChoice[][] = EMOJI_CATEGORIES.map(() => []);
  const all: EmojiChoice[] = [];
  for (const [code, category, names, tones] of EMOJI_TABLE) {
    const [name, ...aliases] = names;
    const choice: EmojiChoice = {
      emoji_name: name ?? code,
      emoji_code: code,
      reaction_type: "unicode_emoji",
      aliases,
      ...(tones === undefined ? {} : { tones }),
    };
    all.push(choice);
    byCategory[category]?.push(choice);
  }
  unicodeCatalogue = { all, byCategory };
  return unicodeCatalogue;
}

/** The codes whose `:name:` the message renderer knows (Zulip's names it carries). */
const TEXT_CODES: ReadonlySet<string> = new Set(UNICODE_EMOJI.map(([code]) => code));

/**
 * The choices a message's text can hold: custom emoji, and the Unicode emoji the renderer names
 * (the table's others are reactions only: their `:name:` would stay text in the message).
 */
export function textEmoji(choices: readonly EmojiChoice[]): EmojiChoice[] {
  return choices.filter(
    (choice) => choice.reaction_type !== "unicode_emoji" || TEXT_CODES.has(choice.emoji_code),
  );
}

/** Every Unicode emoji we know (the generated table), canonical name first, in its order. */
export function unicodeEmojiChoices(): readonly EmojiChoice[] {
  return catalogue().all;
}

/** The Unicode emoji in Zulip's categories (Smileys & People … Flags), each in the table's order. */
export function unicodeCategories(): EmojiCategory[] {
  const { byCategory } = catalogue();
  return EMOJI_CATEGORIES.map((name, index) => ({
    id: name,
    label: CATEGORY_LABELS[name] ?? name,
    choices: byCategory[index] ?? [],
  }));
}

/** The skin tones: 0 = the default (yellow), 1–5 lightest to darkest. */
export const SKIN_TONE_COUNT = SKIN_TONE_NAMES.length + 1;

/**
 * `choice` in skin tone `tone` (0 = default, 1–5), named `{name}_{tone}` as the server knows
 * it (the first plain name: `thumbs_up_medium_skin_tone`, not `+1_…`); unchanged when it has
 * no tones.
 */
export function withSkinTone(choice: EmojiChoice, tone: number): EmojiChoice {
  const code = choice.tones?.[tone - 1];
  const suffix = SKIN_TONE_NAMES[tone - 1];
  if (code === undefined || suffix === undefined) return choice;
  const base =
    [choice.emoji_name, ...choice.aliases].find((name) => /^[a-z0-9_]+$/.test(name)) ??
    choice.emoji_code;
  return {
    emoji_name: `${base}_${suffix}`,
    emoji_code: code,
    reaction_type: choice.reaction_type,
    aliases: [],
  };
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
 * The choices whose name or an alias contains the query: a name that is the query first, then
 * names that start with it, then the rest; otherwise the order is kept. An empty query keeps
 * everything.
 */
export function filterEmoji(choices: readonly EmojiChoice[], query: string): EmojiChoice[] {
  const needle = normaliseEmojiQuery(query);
  if (needle === "") return [...choices];
  const exact: EmojiChoice[] = [];
  const starts: EmojiChoice[] = [];
  const contains: EmojiChoice[] = [];
  for (const choice of choices) {
    const names = [choice.emoji_name, ...choice.aliases];
    if (names.includes(needle)) exact.push(choice);
    else if (names.some((name) => name.startsWith(needle))) starts.push(choice);
    else if (names.some((name) => name.includes(needle))) contains.push(choice);
  }
  return [...exact, ...starts, ...contains];
}

/** The key an emoji is counted under: its type and code (a custom emoji's id survives renames). */
export function emojiKey(emoji: ReactionEmoji): string {
  return `${emoji.reaction_type}:${emoji.emoji_code}`;
}

/** Zulip's first-time "Frequently used": +1, tada, smile, heart, working_on_it, octopus. */
const DEFAULT_FREQUENT_KEYS: readonly string[] = [
  "unicode_emoji:1f44d",
  "unicode_emoji:1f389",
  "unicode_emoji:1f642",
  "unicode_emoji:2764",
  "unicode_emoji:1f6e0",
  "unicode_emoji:1f419",
];

/** How many "Frequently used" shows: two rows of the grid. */
const FREQUENT_LIMIT = 18;

/**
 * "Frequently used": the emoji picked most (`counts` by `emojiKey`; ties in the order they were
 * first counted), then Zulip's defaults not already there, up to `limit`. Keys that name no
 * choice (a custom emoji since removed) are skipped.
 */
export function frequentlyUsed(
  counts: Readonly<Record<string, number>>,
  choices: readonly EmojiChoice[],
  limit = FREQUENT_LIMIT,
): EmojiChoice[] {
  const byKey = new Map(choices.map((choice) => [emojiKey(choice), choice]));
  const picked = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([key]) => key);
  const keys = [...new Set([...picked, ...DEFAULT_FREQUENT_KEYS])];
  const result: EmojiChoice[] = [];
  for (const key of keys) {
    const choice = byKey.get(key);
    if (choice !== undefined) result.push(choice);
    if (result.length >= limit) break;
  }
  return result;
}

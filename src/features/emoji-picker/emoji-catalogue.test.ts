import { describe, expect, it } from "vitest";
import { unicodeFromCode } from "../reactions/emoji-glyph";
import {
  customEmojiChoices,
  filterEmoji,
  frequentlyUsed,
  normaliseEmojiQuery,
  unicodeCategories,
  unicodeEmojiChoices,
  withSkinTone,
  type EmojiChoice,
} from "./emoji-catalogue";

function realmEmoji(id: string, name: string, deactivated = false) {
  return { id, name, source_url: `/user_avatars/emoji/${id}.png`, deactivated, author_id: 1 };
}

describe("emoji catalogue", () => {
  it("offers active custom emoji only, by name", () => {
    const choices = customEmojiChoices({
      "1": realmEmoji("1", "shipit"),
      "2": realmEmoji("2", "coffee"),
      "3": realmEmoji("3", "gone", true),
    });
    expect(choices.map((choice) => [choice.emoji_name, choice.emoji_code])).toEqual([
      ["coffee", "2"],
      ["shipit", "1"],
    ]);
    expect(choices.every((choice) => choice.reaction_type === "realm_emoji")).toBe(true);
  });

  it("names Unicode emoji by their canonical name and searches aliases too", () => {
    const thumbs = unicodeEmojiChoices().find((choice) => choice.emoji_code === "1f44d");
    expect(thumbs?.emoji_name).toBe("+1");
    expect(filterEmoji(unicodeEmojiChoices(), "thumbs").map((c) => c.emoji_name)).toContain("+1");
  });

  it("puts names starting with the query before names containing it", () => {
    const choices = [
      { emoji_name: "big_smile", emoji_code: "a", reaction_type: "unicode_emoji", aliases: [] },
      { emoji_name: "smile", emoji_code: "b", reaction_type: "unicode_emoji", aliases: [] },
      { emoji_name: "cat", emoji_code: "c", reaction_type: "unicode_emoji", aliases: [] },
    ];
    expect(filterEmoji(choices, ":Smile:").map((choice) => choice.emoji_name)).toEqual([
      "smile",
      "big_smile",
    ]);
    expect(filterEmoji(choices, "  ")).toHaveLength(3);
    expect(filterEmoji(unicodeEmojiChoices(), "heart")[0]?.emoji_name).toBe("heart");
  });

  it("reads queries as emoji names", () => {
    expect(normaliseEmojiQuery(" :Thumbs Up: ")).toBe("thumbs_up");
  });

  it("turns code points into text, and refuses anything else", () => {
    expect(unicodeFromCode("1f44d")).toBe("👍");
    expect(unicodeFromCode("1f937-200d-2640")).toBe("\u{1f937}\u200d\u2640");
    expect(unicodeFromCode("zulip")).toBeUndefined();
    expect(unicodeFromCode("110000")).toBeUndefined();
    expect(unicodeFromCode("")).toBeUndefined();
  });

  it("groups the Unicode emoji in Zulip's categories, every emoji in one", () => {
    const categories = unicodeCategories();
    expect(categories.map((category) => category.label)).toEqual([
      "Smileys & People",
      "Animals & Nature",
      "Food & Drink",
      "Activity",
      "Travel & Places",
      "Objects",
      "Symbols",
      "Flags",
    ]);
    const names = (label: string) =>
      categories
        .find((category) => category.label === label)
        ?.choices.map((choice) => choice.emoji_name) ?? [];
    expect(names("Smileys & People")).toContain("+1");
    expect(names("Animals & Nature")).toContain("octopus");
    expect(names("Food & Drink")).toContain("pizza");
    expect(names("Activity")).toContain("tada");
    expect(names("Objects")).toContain("working_on_it");
    expect(names("Flags")).toContain("checkered_flag");
    const total = categories.reduce((sum, category) => sum + category.choices.length, 0);
    expect(total).toBe(unicodeEmojiChoices().length);
    expect(total).toBeGreaterThan(1800);
  });

  it("orders Frequently used by picks, then Zulip's defaults, up to the limit", () => {
    const all: EmojiChoice[] = [
      ...unicodeEmojiChoices(),
      ...customEmojiChoices({ "9": realmEmoji("9", "shipit") }),
    ];
    const names = (counts: Record<string, number>, limit?: number) =>
      frequentlyUsed(counts, all, limit).map((choice) => choice.emoji_name);
    expect(names({})).toEqual(["+1", "tada", "smile", "heart", "working_on_it", "octopus"]);
    expect(
      names({
        "unicode_emoji:1f355": 2,
        "realm_emoji:9": 5,
        "unicode_emoji:1f389": 2,
        "realm_emoji:404": 9,
        "unicode_emoji:1f600": 0,
      }),
    ).toEqual(["shipit", "pizza", "tada", "+1", "smile", "heart", "working_on_it", "octopus"]);
    expect(names({ "unicode_emoji:1f355": 1 }, 3)).toEqual(["pizza", "+1", "tada"]);
  });

  it("puts an emoji in a skin tone when it has tones, named as the server knows it", () => {
    const thumbs = unicodeEmojiChoices().find((choice) => choice.emoji_code === "1f44d");
    const tada = unicodeEmojiChoices().find((choice) => choice.emoji_code === "1f389");
    if (thumbs === undefined || tada === undefined) throw new Error("missing from the table");
    expect(withSkinTone(thumbs, 0)).toBe(thumbs);
    expect(withSkinTone(thumbs, 3)).toMatchObject({
      emoji_name: "thumbs_up_medium_skin_tone",
      emoji_code: "1f44d-1f3fd",
      reaction_type: "unicode_emoji",
    });
    expect(withSkinTone(tada, 3)).toBe(tada);
  });
});

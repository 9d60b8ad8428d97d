import { describe, expect, it } from "vitest";
import { unicodeFromCode } from "../reactions/emoji-glyph";
import {
  customEmojiChoices,
  filterEmoji,
  normaliseEmojiQuery,
  unicodeEmojiChoices,
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
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EMOJI_CATEGORIES, EMOJI_TABLE } from "../common/emoji/emoji-table";
import { tonedEmojiName, unicodeEmojiCode, unicodeEmojiName } from "../common/emoji/emoji-names";
import { buildEmojiTable, emojiTableSource, readEmojiData } from "./emoji-table";

describe("the generated emoji table", () => {
  it("is what the script makes of the installed emoji-data (run `npm run emoji:table`)", () => {
    const committed = readFileSync(
      new URL("../common/emoji/emoji-table.ts", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(emojiTableSource(buildEmojiTable(readEmojiData())));
  });

  it("holds the whole set, Zulip's names first for the emoji Zulip names", () => {
    expect(EMOJI_TABLE.length).toBeGreaterThan(1800);
    expect(EMOJI_TABLE.find(([code]) => code === "1f44d")?.[2]).toEqual([
      "+1",
      "thumbs_up",
      "like",
    ]);
    // Not among Zulip's 178: emoji-data's short name.
    expect(unicodeEmojiCode("avocado")).toBe("1f951");
    expect(unicodeEmojiName("1f951")).toBe("avocado");
    // Zulip's `smile` is U+1F642, not emoji-data's U+1F604.
    expect(unicodeEmojiCode("smile")).toBe("1f642");
  });

  it("gives each skin tone its code and name", () => {
    const name = tonedEmojiName("thumbs_up", 3);
    expect(name).toBe("thumbs_up_medium_skin_tone");
    expect(unicodeEmojiCode(name)).toBe("1f44d-1f3fd");
    expect(tonedEmojiName("thumbs_up", 0)).toBe("thumbs_up");
    // A ZWJ sequence takes the tone after its first code point.
    const shrug = EMOJI_TABLE.find(([, , names]) => names.includes("woman_shrugging"));
    expect(shrug?.[3]?.[0]).toBe("1f937-1f3fb-200d-2640");
  });

  it("gives every name one emoji and files every emoji in a category", () => {
    const names = EMOJI_TABLE.flatMap(([, , each]) => each);
    expect(new Set(names).size).toBe(names.length);
    for (const [, category] of EMOJI_TABLE) expect(EMOJI_CATEGORIES[category]).toBeDefined();
  });
});

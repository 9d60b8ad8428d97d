// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MAX_EMOJI_BYTES } from "../../../common/wire/realm-emoji-rules";
import * as wire from "../../test/api-fixtures";
import { checkEmojiFile, emojiNameProblem, fileCheck, suggestEmojiName } from "./emoji-rules";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

function bytes(...parts: (string | number[])[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? Array.from(part, (char) => char.charCodeAt(0)) : part,
    ),
  );
}

describe("emojiNameProblem", () => {
  const existing = {
    "1": wire.realmEmoji({ id: "1", name: "shipit" }),
    "2": wire.realmEmoji({ id: "2", name: "old_one", deactivated: true }),
  };

  it("accepts lowercase letters, digits, _ and -, ending in a letter or digit", () => {
    for (const name of ["a", "party_parrot", "x-1", "_lead", "0", "a".repeat(60)]) {
      expect(emojiNameProblem(name, existing), name).toBeNull();
    }
  });

  it("refuses what the server refuses, in its words (a blank name in the form's)", () => {
    expect(emojiNameProblem("", existing)).toBe("Enter a name for the emoji.");
    expect(emojiNameProblem("a".repeat(61), existing)).toBe(
      "Emoji name is too long (limit: 60 characters).",
    );
    for (const name of ["Shipit", "two words", "émoji", ":colon:", "a.b", "dot\n"]) {
      expect(emojiNameProblem(name, existing), name).toMatch(/only lowercase alphanumeric/);
    }
    for (const name of ["trailing_", "trailing-", "_", "--"]) {
      expect(emojiNameProblem(name, existing), name).toBe(
        "Emoji names must end with either a letter or digit.",
      );
    }
  });

  it("refuses a name an active emoji has, but not a deactivated one's", () => {
    expect(emojiNameProblem("shipit", existing)).toBe(
      "A custom emoji called :shipit: already exists.",
    );
    expect(emojiNameProblem("old_one", existing)).toBeNull();
    expect(emojiNameProblem("shipit", undefined)).toBeNull();
  });

  it("does not take inherited object members for existing emoji", () => {
    expect(emojiNameProblem("constructor", {})).toBeNull();
  });
});

// The image sniffing itself is tested in common/wire/realm-emoji-rules.test.ts.
describe("fileCheck and checkEmojiFile", () => {
  it("refuses a file over 5 MiB, saying how large it is", () => {
    expect(fileCheck(MAX_EMOJI_BYTES, bytes(PNG))).toEqual({ isOk: true, type: "png" });
    expect(fileCheck(4, bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ isOk: true, type: "jpg" });
    expect(fileCheck(MAX_EMOJI_BYTES + 1, bytes(PNG))).toEqual({
      isOk: false,
      problem: "The file is 5.0 MiB; the limit is 5 MiB.",
    });
  });

  it("reads the type from the content, whatever the file claims to be", async () => {
    const png = new File([bytes(PNG)], "cat.gif", { type: "image/gif" });
    expect(await checkEmojiFile(png)).toEqual({ isOk: true, type: "png" });
    const svg = new File(["<svg onload=alert(1)>"], "cat.png", { type: "image/png" });
    expect(await checkEmojiFile(svg)).toEqual({
      isOk: false,
      problem: "Invalid image format: use PNG, GIF, JPEG or WebP.",
    });
  });
});

describe("suggestEmojiName", () => {
  it("turns a file name into an allowed name", () => {
    expect(suggestEmojiName("Party Parrot.PNG")).toBe("party_parrot");
    expect(suggestEmojiName("rubber-duck.final.gif")).toBe("rubber-duck_final");
    expect(suggestEmojiName("smile!!.png")).toBe("smile");
    expect(suggestEmojiName("日本.png")).toBe("");
    expect(emojiNameProblem(suggestEmojiName(`${"a".repeat(59)}__b.png`), {})).toBeNull();
  });
});

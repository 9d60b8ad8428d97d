import { describe, expect, it } from "vitest";
import {
  EMOJI_IMAGE_TYPES,
  emojiImageType,
  emojiNameProblem,
  isEmojiImageType,
} from "./realm-emoji-rules";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

function bytes(...parts: (string | number[])[]): Uint8Array {
  return new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? Array.from(part, (char) => char.charCodeAt(0)) : part,
    ),
  );
}

describe("emojiNameProblem", () => {
  it("accepts lowercase letters, digits, _ and -, ending in a letter or digit", () => {
    for (const name of ["a", "party_parrot", "x-1", "_lead", "0", "a".repeat(60)]) {
      expect(emojiNameProblem(name), name).toBeUndefined();
    }
  });

  it("refuses the rest in the server's words", () => {
    expect(emojiNameProblem("")).toBe("Emoji name is missing");
    expect(emojiNameProblem("a".repeat(61))).toBe("Emoji name is too long (limit: 60 characters).");
    for (const name of ["Shipit", "two words", "émoji", ":colon:", "a.b", "dot\n", "x_Y_"]) {
      expect(emojiNameProblem(name), name).toBe(
        "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
      );
    }
    for (const name of ["trailing_", "trailing-", "_", "--"]) {
      expect(emojiNameProblem(name), name).toBe(
        "Emoji names must end with either a letter or digit.",
      );
    }
  });
});

describe("emojiImageType", () => {
  it("recognises PNG, GIF, JPEG and WebP by their first bytes", () => {
    expect(emojiImageType(bytes(PNG))).toBe("png");
    expect(emojiImageType(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(emojiImageType(bytes("GIF87a"))).toBe("gif");
    expect(emojiImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(emojiImageType(bytes("RIFF", [0, 0, 0, 0], "WEBP"))).toBe("webp");
  });

  it("refuses everything else, SVG and truncated signatures included", () => {
    expect(emojiImageType(bytes('<svg xmlns="'))).toBeUndefined();
    expect(emojiImageType(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeUndefined();
    expect(emojiImageType(bytes(PNG.slice(0, 7)))).toBeUndefined();
    expect(emojiImageType(bytes("GIF90a"))).toBeUndefined();
    expect(emojiImageType(new Uint8Array())).toBeUndefined();
  });

  it("maps each type to its MIME type, and only those", () => {
    expect(EMOJI_IMAGE_TYPES.jpg).toBe("image/jpeg");
    expect(isEmojiImageType("webp")).toBe(true);
    expect(isEmojiImageType("svg")).toBe(false);
    expect(isEmojiImageType("constructor")).toBe(false);
  });
});

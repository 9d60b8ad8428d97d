// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { querySessionPerTest } from "../../test/query-session";
import { EmojiGlyph } from "./emoji-glyph";

const session = querySessionPerTest();

function glyph(emoji: { emoji_name: string; emoji_code: string; reaction_type: string }) {
  return render(<EmojiGlyph emoji={emoji} />, { wrapper: session.wrapper }).container;
}

describe("EmojiGlyph", () => {
  it("shows a Unicode emoji as the server's image, the same as in bodies", () => {
    const image = glyph({
      emoji_name: "tada",
      emoji_code: "1f389",
      reaction_type: "unicode_emoji",
    }).querySelector("img");
    expect(image?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    );
    expect(image?.className).toBe("emoji-glyph emoji-image");
    expect(image?.getAttribute("loading")).toBe("lazy");
  });

  it("shows Zulip's extra emoji from its path", () => {
    const image = glyph({
      emoji_name: "zulip",
      emoji_code: "zulip",
      reaction_type: "zulip_extra_emoji",
    }).querySelector("img");
    expect(new URL(image?.getAttribute("src") ?? "").pathname).toBe(
      "/static/generated/emoji/images/emoji/unicode/zulip.png",
    );
  });

  it("shows `:name:` for a code that is neither", () => {
    const container = glyph({
      emoji_name: "odd",
      emoji_code: "not-hex",
      reaction_type: "unicode_emoji",
    });
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe(":odd:");
  });
});

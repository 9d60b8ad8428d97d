// @vitest-environment jsdom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UnicodeEmoji } from "./unicode-emoji";

afterEach(cleanup);

describe("UnicodeEmoji", () => {
  it("shows the server's image for the code, lazily, as decoration", () => {
    const { container } = render(
      <UnicodeEmoji code="1f389" text="🎉" className="glyph" imageClassName="glyph image" />,
    );
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    );
    expect(image?.getAttribute("loading")).toBe("lazy");
    expect(image?.getAttribute("alt")).toBe("");
    expect(image?.getAttribute("aria-hidden")).toBe("true");
    expect(image?.className).toBe("glyph image");
  });

  it("falls back to the character when the image fails, and tries again for another code", () => {
    const { container, rerender } = render(
      <UnicodeEmoji code="fffff" text="?" className="glyph" />,
    );
    const image = container.querySelector("img");
    if (image === null) throw new Error("no image");
    fireEvent.error(image);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("?");
    expect(container.querySelector("span")?.className).toBe("glyph");
    rerender(<UnicodeEmoji code="1f44d" text="👍" className="glyph" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f44d.png",
    );
  });

  it("shows the character for a code that is not one", () => {
    for (const code of ["1F389", "../x", "1f389.png", "", "1f389-"]) {
      const { container } = render(<UnicodeEmoji code={code} text="x" className="glyph" />);
      expect(container.querySelector("img"), code).toBeNull();
      expect(container.textContent).toBe("x");
      cleanup();
    }
  });
});

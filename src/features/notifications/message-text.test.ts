// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { messageText } from "./message-text";

describe("messageText", () => {
  it("reads the text of message HTML, spaces collapsed", () => {
    expect(messageText("<p>Hello <strong>there</strong></p>\n<p>second   line</p>")).toBe(
      "Hello there second line",
    );
  });

  it("keeps markup as inert text and runs nothing", () => {
    const html = '<p>&lt;img src=x onerror=alert(1)&gt;</p><img src="x" onerror="window.__ran=1">';
    expect(messageText(html)).toBe("<img src=x onerror=alert(1)>");
    expect(Reflect.get(window, "__ran")).toBeUndefined();
  });

  it("shortens long texts with an ellipsis", () => {
    expect(messageText(`<p>${"a".repeat(50)}</p>`, 10)).toBe(`${"a".repeat(9)}…`);
  });
});

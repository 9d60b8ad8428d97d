// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../lib/sanitize";
import { showEmojiImages } from "./body-emoji";

const TADA =
  '<span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span>';

function body(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = sanitizeHtml(html);
  return root;
}

describe("showEmojiImages", () => {
  it("gives a Unicode emoji span the server's image for its code, keeping its text", () => {
    const root = body(`<p>Shipped ${TADA} today</p>`);
    showEmojiImages(root);
    const span = root.querySelector("span.emoji");
    const image = span?.querySelector("img");
    expect(image?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    );
    expect(image?.getAttribute("alt")).toBe("");
    expect(image?.getAttribute("loading")).toBe("lazy");
    expect(span?.classList.contains("emoji-shown")).toBe(true);
    // The text stays for copying, and the span's label for screen readers.
    expect(span?.textContent).toBe(":tada:");
    expect(span?.getAttribute("role")).toBe("img");
    expect(span?.getAttribute("aria-label")).toBe("tada");
    expect(root.textContent).toBe("Shipped :tada: today");
  });

  it("handles sequences and is done once however often it runs", () => {
    const root = body(
      '<p><span class="emoji emoji-1f937-200d-2640" role="img">:woman_shrugging:</span></p>',
    );
    showEmojiImages(root);
    showEmojiImages(root);
    const images = root.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f937-200d-2640.png",
    );
  });

  it("leaves a span with no valid code as text", () => {
    const root = body(
      '<p><span class="emoji" role="img">:a:</span>' +
        '<span class="emoji emoji-1F389" role="img">:b:</span>' +
        '<span class="emoji emoji-..-x" role="img">:c:</span>' +
        '<span class="emoji emoji-zulip" role="img">:d:</span></p>',
    );
    showEmojiImages(root);
    expect(root.querySelectorAll("img")).toHaveLength(0);
    expect(root.querySelectorAll(".emoji-shown")).toHaveLength(0);
    expect(root.textContent).toBe(":a::b::c::d:");
  });

  it("shows the text again when the server has no image for the code", () => {
    const root = body('<p><span class="emoji emoji-fffff" role="img">:unknown:</span></p>');
    showEmojiImages(root);
    const span = root.querySelector("span.emoji");
    span?.querySelector("img")?.dispatchEvent(new Event("error"));
    expect(span?.querySelector("img")).toBeNull();
    expect(span?.classList.contains("emoji-shown")).toBe(false);
    expect(span?.textContent).toBe(":unknown:");
  });

  it("never takes a URL from the message", () => {
    const root = body(
      '<p><span class="emoji emoji-1f389" data-src="https://evil.example/x.png" ' +
        'style="background:url(https://evil.example/y.png)" role="img">:tada:</span></p>',
    );
    showEmojiImages(root);
    expect(root.querySelector("img")?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    );
  });
});

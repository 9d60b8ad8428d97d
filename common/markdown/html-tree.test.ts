import { expect, it } from "vitest";
import { parseHtml, serializeChildren } from "./html-tree";
import { renderMarkdown } from "./render";
import { TEST_CONTEXT } from "./test-context";

it("gives back the renderer's HTML unchanged, KaTeX and code included", () => {
  for (const content of [
    "**a** [b](https://c.example) :smile: :green_tick:\n\n> quote\n\n* x\n  * y",
    "$$\\frac{1}{2}$$ and\n```math\n\\sqrt{x}\n```",
    "```python\ndef f(): return '<b>'\n```\n| a | b |\n|---|---|\n| 1 | 2 |",
  ]) {
    const html = renderMarkdown(content, TEST_CONTEXT);
    const root = parseHtml(html);
    expect(root, content).not.toBeNull();
    if (root) expect(serializeChildren(root)).toBe(html);
  }
});

it("refuses what the renderer never writes, so previews leave it alone", () => {
  for (const html of ["<p>a</div>", "<p>a", "a < b <p>", "</p>", "<!-- x --><p>a</p>"]) {
    expect(parseHtml(html), html).toBeNull();
  }
});

import type { RenderContext } from "./types";
import { TEST_CONTEXT } from "./test-context";

/** Adversarial messages (≤ 10,000 bytes) and contexts: for the bounded-cost tests and bench. */
const HOSTILE_LINKIFIERS: RenderContext["linkifiers"] = [
  { id: 1, pattern: "(a+)+b", url_template: "https://x.example/{+x}" },
  { id: 2, pattern: "(?i)\\w{1000}!", url_template: "https://x.example/" },
  { id: 3, pattern: "(?P<id>[a-z]{100})!", url_template: "https://x.example/{id}" },
  { id: 4, pattern: "(?P<x>\\S+)", url_template: "{+x}" },
  { id: 5, pattern: "[", url_template: "https://x.example/" },
  { id: 6, pattern: "(a{100}){100}", url_template: "https://x.example/" },
];

/** A context whose linkifiers are hostile. */
export const HOSTILE_CONTEXT: RenderContext = { ...TEST_CONTEXT, linkifiers: HOSTILE_LINKIFIERS };

const nested = (open: string, close: string, n: number): string =>
  open.repeat(n) + "x" + close.repeat(n);

/** Name → message. */
export const HOSTILE_INPUTS: Readonly<Record<string, string>> = {
  "10k a + !": `${"a".repeat(9_999)}!`,
  "10k a (linkifier bait)": "a".repeat(10_000),
  "5k *": "*".repeat(5_000),
  "5k * x": "* x".repeat(3_333),
  "**a repeated": "**a ".repeat(2_500),
  "10k [": "[".repeat(10_000),
  "[]( repeated": "[](".repeat(3_333),
  "nested links": nested("[", "](http://a.example)", 450),
  "2k nested >": `${">".repeat(2_000)} x`,
  "2k > lines": "> ".repeat(2_000).split(" ").join("\n"),
  "500 ~~~ fences": "~~~\n".repeat(500),
  "500 ```quote": "```quote\n".repeat(500),
  "500 ```spoiler": "```spoiler x\n".repeat(500),
  "deep list": Array.from({ length: 1_000 }, (_, i) => `${" ".repeat((i * 2) % 9_000)}* x`)
    .join("\n")
    .slice(0, 10_000),
  "list items": "* x\n".repeat(2_500),
  "10k backticks": "`".repeat(10_000),
  "backtick runs": Array.from({ length: 1_400 }, (_, i) => "`".repeat((i % 40) + 1) + " ")
    .join("")
    .slice(0, 10_000),
  "10k ~": "~".repeat(10_000),
  "$$ repeated": "$$a ".repeat(2_500),
  "@** repeated": "@**a ".repeat(2_000),
  "#** repeated": "#**a ".repeat(2_000),
  "<time: repeated": "<time:".repeat(1_666),
  "10k :": ":".repeat(10_000),
  ":a: repeated": ":a".repeat(5_000),
  "emoji soup": "👍🏽‍".repeat(900),
  "url parens": `http://a.com/${"(".repeat(5_000)}`,
  "url dots": `http://a.com/${".,".repeat(4_990)}x`,
  "domain dots": "a.".repeat(5_000),
  "many urls": "http://a.co/x ".repeat(700),
  emails: "a@b.co ".repeat(1_400),
  table: `a|b\n-|-\n${"|".repeat(9_000)}`,
  headings: "# x\n".repeat(2_500),
  entities: "&amp;".repeat(2_000),
  "raw html": "<script>alert(1)</script>".repeat(400),
  "#123 repeated": "#123 ".repeat(2_000),
  // KaTeX: cost grows with size, nesting and expansion (bounded by MATH_LIMITS in math.ts).
  "math: nested fractions": `$$${"\\frac{".repeat(800)}x${"}{y}".repeat(800)}$$`,
  "math: 1,250 formulas": "$$x^2$$ ".repeat(1_250),
  "math: big matrix": `\`\`\`math\n\\begin{matrix}${Array.from({ length: 60 }, () => Array(30).fill("x").join("&")).join("\\\\")}\\end{matrix}\n\`\`\``,
  "math: macro bomb":
    "$$\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}" +
    "\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\c\\c\\c\\c$$",
  "math: nested superscripts": `$$x${"^{x".repeat(1_500)}${"}".repeat(1_500)}$$`,
  "math: 600-character formulas": `$$${"\\sqrt{x}+".repeat(66)}x$$\n`.repeat(14),
};

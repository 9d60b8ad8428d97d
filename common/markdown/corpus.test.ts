// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { renderMessage } from "./render";
import type { RenderContext } from "./types";
import cases from "../../../shared/corpus/zulip-markdown-test-cases.json";

interface RegularCase {
  name: string;
  input: string;
  expected_output: string;
  backend_only_rendering?: boolean;
  translate_emoticons?: boolean;
}
interface Corpus {
  regular_tests: RegularCase[];
  linkify_tests: [input: string, template: string, url: string][];
}

// The corpus is a parsed boundary: its shape is described by `Corpus`.
const corpus = cases as unknown as Corpus;

/** Zulip's test organisation, as far as the cases name it. */
const ZULIP_TEST_REALM: RenderContext = {
  users: [
    { id: 10, full_name: "King Hamlet", email: "hamlet@zulip.com" },
    { id: 8, full_name: "Cordelia, Lear's daughter", email: "cordelia@zulip.com" },
    { id: 12, full_name: "Othello, the Moor of Venice", email: "othello@zulip.com" },
    { id: 11, full_name: "Iago", email: "iago@zulip.com" },
  ],
  groups: [{ id: 1, name: "hamletcharacters" }],
  streams: [
    { id: 1, name: "Denmark" },
    { id: 3, name: "Verona" },
    { id: 4, name: "Scotland" },
  ],
  customEmoji: [
    {
      id: "1",
      name: "green_tick",
      source_url: "/user_avatars/2/emoji/images/1.png",
      deactivated: false,
    },
  ],
  linkifiers: [],
  realmUrl: "http://zulip.testserver",
};

/**
 * Regular cases passing now (170/179): a floor that may only rise. The 9 failing are the
 * backend-only inline image and video previews (`/thumbnail`, camo URLs): inline_image,
 * two_inline_images, deduplicate_inline_previews, bulleted_list_inlining, only_inline_image,
 * only_named_inline_image, only_inline_video, only_named_inline_video, spoiler_with_inline_image.
 * Math matches because the renderer uses KaTeX 0.16.22, pinned: later 0.16 releases round
 * lengths to four digits and 0.19 renames classes, where Zulip's expected output has neither.
 * Run with CORPUS_VERBOSE=1 to print each failure's HTML.
 */
const REGULAR_FLOOR = 170;
const LINKIFY_FLOOR = 71;

/** Canonical form of an HTML fragment: sorted attributes, whitespace between blocks dropped. */
function normalise(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const walk = (node: Node, inPre: boolean): string => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? "";
      return !inPre && text.trim() === "" && text.includes("\n") ? "" : escape(text);
    }
    if (!(node instanceof Element)) return "";
    const tag = node.tagName.toLowerCase();
    const attributes = [...node.attributes]
      .map((a) => `${a.name}="${escape(a.value)}"`)
      .sort()
      .join(" ");
    const pre = inPre || tag === "pre" || tag === "code";
    const children = [...node.childNodes].map((child) => walk(child, pre)).join("");
    return `<${tag}${attributes === "" ? "" : ` ${attributes}`}>${children}</${tag}>`;
  };
  return [...template.content.childNodes].map((node) => walk(node, false)).join("");
}

function escape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function renderCase(input: string, translateEmoticons: boolean): string {
  return renderMessage(input, { ...ZULIP_TEST_REALM, translateEmoticons }).html;
}

function regularPasses(c: RegularCase): boolean {
  return (
    normalise(renderCase(c.input, c.translate_emoticons === true)) === normalise(c.expected_output)
  );
}

function linkifyPasses([input, template, url]: Corpus["linkify_tests"][number]): boolean {
  const href = url.startsWith("http") ? url : url.includes("@") ? `mailto:${url}` : `http://${url}`;
  const expected = url === "" ? template : template.replace("%s", `<a href="${href}">${url}</a>`);
  return normalise(renderCase(input, false)) === normalise(expected);
}

describe("Zulip's Markdown corpus", () => {
  it("renders at least the floor of regular cases as Zulip does", () => {
    const passed = corpus.regular_tests.filter(regularPasses).length;
    console.info(`regular: ${String(passed)}/${String(corpus.regular_tests.length)}`);
    expect(passed).toBeGreaterThanOrEqual(REGULAR_FLOOR);
  });

  it("renders at least the floor of linkify cases as Zulip does", () => {
    const passed = corpus.linkify_tests.filter(linkifyPasses).length;
    console.info(`linkify: ${String(passed)}/${String(corpus.linkify_tests.length)}`);
    expect(passed).toBeGreaterThanOrEqual(LINKIFY_FLOOR);
  });

  it("lists failures (with CORPUS_VERBOSE=1)", () => {
    if (import.meta.env["CORPUS_VERBOSE"] !== "1") return;
    for (const c of corpus.regular_tests.filter((t) => !regularPasses(t))) {
      console.info(
        `FAIL ${c.name}\n  got:  ${normalise(renderCase(c.input, c.translate_emoticons === true))}\n  want: ${normalise(c.expected_output)}`,
      );
    }
    for (const t of corpus.linkify_tests.filter((l) => !linkifyPasses(l))) {
      console.info(`FAIL linkify ${JSON.stringify(t[0])}\n  got: ${renderCase(t[0], false)}`);
    }
  });
});

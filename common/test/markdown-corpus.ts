/**
 * Zulip's Markdown test cases (`CORPORA.markdownCases`) as the suites that compare against them
 * read them: the file's shape, checked as it is read, and the canonical form both sides of a
 * comparison are put in. The renderer's own suite (`common/markdown/corpus.test.ts`) and the
 * server's (`server/render/corpus.test.ts`, the same cases through `POST /messages`) share it,
 * so a case compares the same way in both.
 */
import { z } from "zod";
import { CORPORA, readCorpus } from "./corpora";

// Only the fields the suites use.
const markdownCorpusSchema = z.object({
  regular_tests: z.array(
    z.object({
      name: z.string(),
      input: z.string(),
      expected_output: z.string(),
      /** The sender's `translate_emoticons` setting the case is rendered with. */
      translate_emoticons: z.boolean().optional(),
      /** Set on the cases Zulip's own frontend renderer does not produce (previews, embeds). */
      backend_only_rendering: z.boolean().optional(),
    }),
  ),
  linkify_tests: z.array(z.tuple([z.string(), z.string(), z.string()])),
});

/** Zulip's Markdown test cases: `regular_tests` and `linkify_tests`. */
export type MarkdownCorpus = z.infer<typeof markdownCorpusSchema>;

/** Reads and checks the corpus; throws saying what is missing when it is not there. */
export function readMarkdownCorpus(): MarkdownCorpus {
  return markdownCorpusSchema.parse(JSON.parse(readCorpus(CORPORA.markdownCases)));
}

/**
 * The parts of a parsed HTML node the canonical form reads: a browser's or jsdom's nodes both
 * fit, so the client's jsdom environment and the server's (no DOM library) share the code.
 */
interface HtmlNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: Iterable<HtmlNode>;
}

interface HtmlElement extends HtmlNode {
  readonly tagName: string;
  readonly attributes: Iterable<{ readonly name: string; readonly value: string }>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

function isElement(node: HtmlNode): node is HtmlElement {
  return node.nodeType === ELEMENT_NODE && "tagName" in node && "attributes" in node;
}

function escape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function canonical(node: HtmlNode, inPre: boolean): string {
  if (node.nodeType === TEXT_NODE) {
    const text = node.textContent ?? "";
    return !inPre && text.trim() === "" && text.includes("\n") ? "" : escape(text);
  }
  if (!isElement(node)) return "";
  const tag = node.tagName.toLowerCase();
  const attributes = [...node.attributes]
    .map((a) => `${a.name}="${escape(a.value)}"`)
    .sort()
    .join(" ");
  const pre = inPre || tag === "pre" || tag === "code";
  const children = [...node.childNodes].map((child) => canonical(child, pre)).join("");
  return `<${tag}${attributes === "" ? "" : ` ${attributes}`}>${children}</${tag}>`;
}

/**
 * Canonical form of a parsed HTML fragment (the child nodes of a `<template>`'s content):
 * attributes sorted, whitespace-only text between blocks dropped (outside `pre` and `code`),
 * text escaped the one way. Two renderings that a browser shows alike compare equal.
 */
function canonicalHtml(fragment: Iterable<HtmlNode>): string {
  return [...fragment].map((node) => canonical(node, false)).join("");
}

/** What `canonicalFragment` needs of a document: a browser's or jsdom's. */
interface FragmentParser {
  createElement(tag: "template"): {
    innerHTML: string;
    readonly content: { readonly childNodes: Iterable<HtmlNode> };
  };
}

/** Canonical form (`canonicalHtml`) of an HTML fragment, parsed the browser's way. */
export function canonicalFragment(parser: FragmentParser, html: string): string {
  const template = parser.createElement("template");
  template.innerHTML = html;
  return canonicalHtml(template.content.childNodes);
}

/**
 * Zulip's test settings for camo (`CAMO_URI`, `CAMO_KEY` in zproject/test_extra_settings.py),
 * which the expected HTML of the inline video cases was made with.
 */
export const ZULIP_TEST_CAMO = {
  baseUrl: "https://external-content.zulipcdn.net/external_content/",
  key: "dummy",
} as const;

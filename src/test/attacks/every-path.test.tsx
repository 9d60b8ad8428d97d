// @vitest-environment jsdom
// Every payload of DOMPurify's corpus through every path that puts HTML on the page. None may
// call a dialog, run script, or leave an `on*` attribute or a dangerous URL in the page.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { htmlDiff } from "../../../server/format/html-diff";
import { MessageBody } from "../../features/message-list/message-body";
import { sanitizeHtml } from "../../lib/sanitize";
import { renderMarkdown } from "../../../common/markdown/render";
import { describeWithCorpora } from "../../../common/test/vitest-corpora";
import { DOMPURIFY_CORPUS, dompurifyCases, flagVariant } from "./corpus";
import { installTraps, mountHtml, probe, removeTraps, unmountAll, type Traps } from "./harness";

const OTHER =
  '<p>Some <strong>earlier</strong> text with a <a href="https://example.com">link</a></p>';

let traps: Traps;

beforeAll(() => {
  Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true);
});
beforeEach(() => {
  traps = installTraps();
});
afterEach(() => {
  unmountAll();
  removeTraps();
});

/** Mounts each HTML string as the app would and collects problems and fired traps. */
function check(htmls: readonly string[]): string[] {
  const problems = htmls.flatMap((html) => probe(mountHtml(html)));
  return [...problems, ...traps.fired()];
}

/** Renders the message-body component (the app's only inner-HTML user) and probes it. */
function checkComponent(html: string): string[] {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => {
    root.render(<MessageBody html={html} />);
  });
  const problems = probe(container);
  act(() => {
    root.unmount();
  });
  return [...problems, ...traps.fired()];
}

/** The payload, and the variant that also sets `window.__pwned` wherever it calls `alert`. */
function variants(payload: string): string[] {
  const flagged = flagVariant(payload);
  return flagged === payload ? [payload] : [payload, flagged];
}

it("catches an unsanitised payload (the traps work)", () => {
  const problems = check(['<img src=x onerror="alert(1)"><p onclick="window.__pwned=1">p</p>']);
  expect(problems).toContain("<img onerror>");
  expect(problems.some((problem) => problem.startsWith("alert("))).toBe(true);
  expect(problems).toContain("window.__pwned");
});

describeWithCorpora("DOMPurify's corpus through every path", [DOMPURIFY_CORPUS], () => {
  const cases = dompurifyCases();

  it("reads the whole corpus", () => {
    expect(cases).toHaveLength(223);
    expect(cases.filter((item) => item.payload.includes("alert")).length).toBeGreaterThan(100);
  });

  describe("the sanitiser directly", () => {
    it.each(cases)("$title", ({ payload }) => {
      expect(check(variants(payload).map(sanitizeHtml))).toEqual([]);
    });
  });

  describe("the message-body component (server HTML)", () => {
    it.each(cases)("$title", ({ payload }) => {
      expect(variants(payload).flatMap(checkComponent)).toEqual([]);
    });
  });

  describe("the message-body component (local echo: Markdown rendered in the client)", () => {
    it.each(cases)("$title", ({ payload }) => {
      expect(variants(payload).flatMap((text) => checkComponent(renderMarkdown(text)))).toEqual([]);
    });
  });

  describe("server-rendered Markdown, sanitised", () => {
    it.each(cases)("$title", ({ payload }) => {
      expect(check(variants(payload).map((text) => sanitizeHtml(renderMarkdown(text))))).toEqual(
        [],
      );
    });
  });

  describe("edit-history diff (both directions), sanitised", () => {
    it.each(cases)("$title", ({ payload }) => {
      const diffs = variants(payload).flatMap((html) => [
        htmlDiff(html, OTHER),
        htmlDiff(OTHER, html),
        htmlDiff(renderMarkdown(html), renderMarkdown("other text")),
      ]);
      expect(check(diffs.map(sanitizeHtml))).toEqual([]);
    });
  });
});

describe("emoji images in the message-body component", () => {
  it("load only our own image path, from a code that is hex, whatever the span says", () => {
    const hostile = [
      '<span class="emoji emoji-1f389" role="img" data-src="javascript:alert(1)">:a:</span>',
      '<span class="emoji emoji-javascript:alert(1)" role="img">:b:</span>',
      '<span class="emoji emoji-..-..-x emoji-%2e%2e" role="img">:c:</span>',
      '<span class="emoji emoji-1f389 emoji-2764" role="img" onmouseover="alert(1)">:d:</span>',
    ].join("");
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    act(() => {
      root.render(<MessageBody html={`<p>${hostile}</p>`} />);
    });
    const sources = [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(sources).toEqual([
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    ]);
    expect(probe(container)).toEqual([]);
    expect(traps.fired()).toEqual([]);
    act(() => {
      root.unmount();
    });
  });
});

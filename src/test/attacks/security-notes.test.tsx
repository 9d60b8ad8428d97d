// @vitest-environment jsdom
// Security notes §7, items 1–16 and 21–23, through the sanitiser (and the Markdown renderer in
// front of it where the item is Markdown), the URL checks and the message view.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { parseTemplate } from "url-template";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { htmlDiff } from "../../../server/format/html-diff";
import { MessageItem } from "../../features/message-list/message-item";
import { topicNarrow } from "../../lib/narrow";
import { safeImageUrl, safeLinkUrl } from "../../lib/safe-url";
import { sanitizeHtml } from "../../lib/sanitize";
import { Budget, WORK_LIMIT } from "../../../common/markdown/budget";
import { MAX_DEPTH } from "../../../common/markdown/fences";
import {
  degradedHtml,
  EMPTY_RENDER_CONTEXT,
  renderMarkdown,
  renderWithBudget,
} from "../../../common/markdown/render";
import * as eg from "../example-data";
import { installTraps, mountHtml, probe, removeTraps, unmountAll, type Traps } from "./harness";

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

/** Sanitises and mounts `html`; fails on any problem or fired trap; returns the tree. */
function mountSafe(html: string): HTMLElement {
  const root = mountHtml(sanitizeHtml(html));
  expect([...probe(root), ...traps.fired()]).toEqual([]);
  return root;
}

/** Renders Markdown as the server and local echo do, then sanitises and mounts it. */
function mountMarkdown(content: string): HTMLElement {
  return mountSafe(renderMarkdown(content));
}

const JAVASCRIPT_SPELLINGS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java&#x09;script:alert(1)",
  "java&#9;script:alert(1)",
  " javascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "javascript&colon;alert(1)",
  "\u0001javascript:alert(1)",
  "java\nscript:alert(1)",
];

describe("§7.1–4: raw HTML, dangerous schemes, autolinks", () => {
  it("1. raw <img onerror> in content is text", () => {
    const root = mountMarkdown("<img src=x onerror=alert(1)>");
    expect(root.querySelector("img")).toBeNull();
    expect(root.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it.each(JAVASCRIPT_SPELLINGS)("2. javascript: link %j is not a javascript: link", (url) => {
    // Zulip's renderer may read an entity-spelled scheme as a host (`http://java&#x09;…`): a
    // harmless http link. What must never survive is an href the browser runs as script.
    const fromMarkdown = mountMarkdown(`[x](${url})`);
    for (const link of fromMarkdown.querySelectorAll("a[href]")) {
      expect(safeLinkUrl(link.getAttribute("href"))).toBeDefined();
    }
    const fromHtml = mountSafe(`<a href="${url}">x</a>`);
    expect(fromHtml.querySelector("a")?.hasAttribute("href")).toBe(false);
  });

  it.each(["data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)", "DATA:text/html,x"])(
    "3. %j link has no href",
    (url) => {
      for (const root of [mountMarkdown(`[x](${url})`), mountSafe(`<a href="${url}">x</a>`)]) {
        for (const link of root.querySelectorAll("a"))
          expect(link.hasAttribute("href")).toBe(false);
      }
    },
  );

  it("4. an autolink with a quote keeps one href and no handler", () => {
    const root = mountMarkdown('<https://ok.example/" onmouseover="alert(1)>');
    for (const link of root.querySelectorAll("a")) {
      expect(link.getAttributeNames().filter((name) => name === "href")).toHaveLength(1);
    }
    const html = mountSafe('<a href="https://ok.example/" onmouseover="alert(1)">x</a>');
    expect(html.querySelector("a")?.hasAttribute("onmouseover")).toBe(false);
  });
});

describe("§7.5–7: external and internal links", () => {
  const linkOf = (html: string) => mountSafe(html).querySelector("a");

  it.each(["https://evil.example", "//evil.example/path", "/api/v1/users/me/api_key/regenerate"])(
    "5–7. %j is external: new tab, no opener, no referrer",
    (href) => {
      const link = linkOf(`<a href="${href}">x</a>`);
      expect(link?.getAttribute("target")).toBe("_blank");
      expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
    },
  );

  it("7. /user_uploads/../ and same-realm absolute URLs are external too", () => {
    for (const href of [
      "/user_uploads/../api/v1/users/me/api_key/regenerate",
      `${window.location.origin}/api/v1/users/me`,
    ]) {
      expect(linkOf(`<a href="${href}">x</a>`)?.getAttribute("target")).toBe("_blank");
    }
    expect(linkOf('<a href="/user_uploads/1/ab/f.pdf">f</a>')?.hasAttribute("target")).toBe(false);
  });
});

describe("§7.9–11: mutation XSS, clobbering, edit diffs", () => {
  it.each([
    '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    "<math><mtext><mglyph><style><!--</style><img src onerror=alert(1)>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    "<select><option><img src=x onerror=alert(1)></option><selectedcontent></selectedcontent></select>",
    "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  ])("9. %j is neutralised", (html) => {
    const root = mountSafe(html);
    // Re-parsing the sanitised output must not grow a handler either (mutation XSS).
    expect(probe(mountHtml(root.innerHTML))).toEqual([]);
  });

  it("10. clobbering names are stripped or prefixed", () => {
    const root = mountSafe(
      '<form id=x><input name=attributes></form><img src="/a.png" name=createElement>',
    );
    expect(root.querySelector("form, input")).toBeNull();
    expect(root.querySelector("img")?.getAttribute("name")).toBe("user-content-createElement");
    expect(document.createElement("p").tagName).toBe("P");
  });

  it("11. an edit diff of an image removal is well-formed after sanitising", () => {
    const root = mountSafe(htmlDiff('<p>text</p><img src="a">', "<p>delete</p>"));
    for (const span of root.querySelectorAll("span")) {
      expect(span.getAttributeNames()).toEqual(["class"]);
      expect(span.children).toHaveLength(0);
    }
    expect(root.querySelectorAll("img").length).toBeLessThanOrEqual(1);
  });
});

describe("§7.12: huge and deeply nested inputs", () => {
  const emptyCodeBlock = '<div class="codehilite"><pre><span></span><code>\n</code></pre></div>';
  const quoted =
    "<blockquote>\n".repeat(MAX_DEPTH) +
    `<p>${"&gt; ".repeat(2_000 - MAX_DEPTH)}x</p>\n` +
    "</blockquote>\n".repeat(MAX_DEPTH - 1) +
    "</blockquote>";

  it.each([
    ["a×10k + !", `${"a".repeat(10_000)}!`, `<p>${"a".repeat(10_000)}!</p>`],
    ["5k *", "*".repeat(5_000), `<p>${"<strong>*</strong>".repeat(1_000)}</p>`],
    ["10k [", "[".repeat(10_000), `<p>${"[".repeat(10_000)}</p>`],
    // Quotes nest as deep as MAX_DEPTH; the markers past it are text.
    ["2k nested >", `${"> ".repeat(2_000)}x`, quoted],
    ["500 fences", "~~~\n".repeat(500), Array<string>(250).fill(emptyCodeBlock).join("\n")],
  ])(
    "%s renders within the work budget, is sanitised unchanged and is inert",
    (_name, content, html) => {
      // By work alone (no wall clock: a loaded machine must not change the outcome), these fit.
      const byWork = new Budget(WORK_LIMIT, Number.POSITIVE_INFINITY);
      expect(renderWithBudget(content, EMPTY_RENDER_CONTEXT, byWork).html).toBe(html);
      // The real render may still hit the wall-clock backstop: then it is the escaped text.
      const rendered = renderMarkdown(content);
      expect([html, degradedHtml(content)]).toContain(rendered);
      expect(mountSafe(rendered).innerHTML).toBe(rendered);
    },
  );

  it("past the work budget, a message degrades to its escaped text, which stays text", () => {
    const content = `${"*a* [b](https://x.example) ".repeat(200)}\n<img src=x onerror=alert(1)>`;
    const html = renderWithBudget(content, EMPTY_RENDER_CONTEXT, new Budget(1_000)).html;
    expect(html).toBe(degradedHtml(content));
    const root = mountSafe(html);
    expect(root.querySelectorAll("p")).toHaveLength(1);
    expect(root.querySelector("img, a, em")).toBeNull();
    expect(root.textContent).toBe(content.trim());
  });

  it("600 nested elements are sanitised (DOMPurify caps depth at 255)", () => {
    mountSafe(`${"<div>".repeat(600)}x${"</div>".repeat(600)}`);
  });
});

describe("§7.13–16: emoji, avatars, mentions", () => {
  it("13. emoji syntax around raw HTML stays text", () => {
    const root = mountMarkdown(':"><img src=x onerror=alert(1)>: :zulip: :nope:');
    expect(root.querySelector("img:not(.emoji)")).toBeNull();
  });

  it("14. a hostile custom emoji record loses its image, keeps its name as text", () => {
    const root = mountSafe(
      '<img class="emoji" src="javascript:alert(1)" alt=":a&quot;&gt;&lt;svg onload=alert(1)&gt;:">' +
        '<img class="emoji" src="/user_avatars/2/emoji/a.png" alt="a"><svg onload=alert(1)>">',
    );
    expect(root.querySelectorAll("img")).toHaveLength(1);
    expect(root.querySelector("svg")).toBeNull();
    expect(safeImageUrl("javascript:alert(1)", "/static/emoji.png")).toBe("/static/emoji.png");
  });

  it.each(["javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>"])(
    "15. avatar URL %j is replaced by the default",
    (url) => {
      expect(safeImageUrl(url, "/static/default-avatar.png")).toBe("/static/default-avatar.png");
    },
  );

  it("16. hostile mention and stream-link names become text, never markup", () => {
    const root = mountMarkdown('@**"><img src=x>|99999** #**s>t"><b>**');
    expect(root.querySelector("img, b")).toBeNull();
  });
});

describe("§7.21, 23: linkifier templates and topics", () => {
  it.each([
    ["javascript:alert({id})", { id: "1" }],
    ["data:{id}", { id: "text/html,<script>alert(1)</script>" }],
    ["{+x}", { x: "javascript:alert(1)" }],
  ])("21. template %j expands to no clickable link", (template, values) => {
    const url = parseTemplate(template).expand(values);
    expect(safeLinkUrl(url)).toBeUndefined();
    const root = mountSafe(`<a href="${url.replace(/"/g, "&quot;")}">#1</a>`);
    expect(root.querySelector("a")?.hasAttribute("href")).toBe(false);
  });

  it("23. a hostile topic is escaped text, and its topic-link URLs are scheme-checked", () => {
    const subject = 'foo https://a.example/"><script>alert(1)</script>';
    const message = eg.streamMessage({ subject, content: "<p>hi</p>" });
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    act(() => {
      root.render(<MessageItem message={message} narrow={topicNarrow(12, "general", subject)} />);
    });
    expect(container.querySelector(".message-topic")?.textContent).toBe(subject);
    expect([...probe(container), ...traps.fired()]).toEqual([]);
    act(() => {
      root.unmount();
    });
    expect(safeLinkUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeLinkUrl('https://a.example/"><script>')).toBe(
      "https://a.example/%22%3E%3Cscript%3E",
    );
  });
});

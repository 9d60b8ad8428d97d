// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { renderTex } from "../../common/markdown/math";
import { isKatexStyle, sanitizeHtml } from "./sanitize";

function parse(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = sanitizeHtml(html);
  return container;
}

describe("sanitizeHtml", () => {
  it("keeps Zulip's ordinary markup, classes and data attributes", () => {
    const html =
      '<p>Hi <span class="user-mention" data-user-id="11">@King Hamlet</span> <strong>bold</strong> <code>x</code></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes script, event handlers and forbidden tags", () => {
    const root = parse(
      '<p onclick="alert(1)">a</p><script>alert(1)</script><img src=x onerror=alert(1)><style>*{}</style>' +
        '<form><input name="x"><button>b</button></form><template><p>t</p></template><svg><script>alert(1)</script></svg>',
    );
    expect(root.querySelector("script, style, form, input, button, template")).toBeNull();
    for (const element of root.querySelectorAll("*")) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    }
  });

  it("opens external links in a new tab without an opener", () => {
    const link = parse('<a href="https://example.com/x">x</a>').querySelector("a");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("keeps internal links in place", () => {
    const link = parse('<a href="#narrow/stream/12-general">g</a>').querySelector("a");
    expect(link?.getAttribute("href")).toBe("#narrow/stream/12-general");
    expect(link?.hasAttribute("target")).toBe(false);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:https://example.com/1",
    "callto:x",
  ])("drops the href %j", (href) => {
    const link = parse(`<a href="${href}">x</a>`).querySelector("a");
    expect(link?.hasAttribute("href")).toBe(false);
  });

  it.each([
    "mailto:a@b.c",
    "tel:+123",
    "/user_uploads/1/a.png",
    "https://zulip.com",
    "ftp://example.com/file",
    "irc://irc.example/chan",
    "bitcoin:1abc",
    "xmpp:a@b.c",
  ])("keeps the href %j", (href) => {
    expect(parse(`<a href="${href}">x</a>`).querySelector("a")?.getAttribute("href")).toBe(href);
  });

  it("drops images that are not http(s)", () => {
    const root = parse(
      '<img src="https://example.com/a.png" alt="ok"><img src="/user_uploads/b.png" alt="local">' +
        '<img src="data:image/png;base64,AAAA" alt="data"><img alt="none">',
    );
    expect([...root.querySelectorAll("img")].map((img) => img.alt)).toEqual(["ok", "local"]);
  });

  it("prefixes id and name against DOM clobbering", () => {
    const root = parse('<a id="location" name="cookie">x</a>');
    expect(root.querySelector("a")?.id).toBe("user-content-location");
  });

  it.each([
    "/api/v1/users/me/api_key/regenerate",
    "/user_uploads/../api/v1/users/me/api_key/regenerate",
    "/user_uploads/%2e%2e/api/v1/users/me",
    "//evil.example/user_uploads/1/a.png",
    "#settings",
    "https://example.org/x",
  ])("treats %j as external (new tab, no opener)", (href) => {
    const link = parse(`<a href="${href}">x</a>`).querySelector("a");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("keeps /user_uploads/ links internal and strips a supplied target", () => {
    const link = parse('<a href="/user_uploads/1/ab/x.pdf" target="_top">x</a>').querySelector("a");
    expect(link?.getAttribute("href")).toBe("/user_uploads/1/ab/x.pdf");
    expect(link?.hasAttribute("target")).toBe(false);
  });

  it("keeps <time datetime> and only the renderer's data- attributes", () => {
    const html =
      '<time datetime="2024-01-01T00:00:00Z">x</time>' +
      '<span class="user-group-mention" data-user-group-id="3" data-evil="1">@g</span>' +
      '<a class="stream" data-stream-id="12" href="#narrow/stream/12-general">#g</a>' +
      '<div class="codehilite" data-code-language="Python"><pre>x</pre></div>';
    const root = parse(html);
    expect(root.querySelector("time")?.getAttribute("datetime")).toBe("2024-01-01T00:00:00Z");
    const span = root.querySelector("span");
    expect(span?.getAttribute("data-user-group-id")).toBe("3");
    expect(span?.hasAttribute("data-evil")).toBe(false);
    expect(root.querySelector("a")?.getAttribute("data-stream-id")).toBe("12");
    expect(root.querySelector("div")?.getAttribute("data-code-language")).toBe("Python");
  });

  it("drops srcset and unsafe media URLs", () => {
    const root = parse(
      '<img src="https://example.com/a.png" srcset="javascript:alert(1) 1x, https://evil.example/b.png 2x">' +
        '<video src="javascript:alert(1)" poster="data:image/png;base64,AAAA"></video>' +
        '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>' +
        '<blockquote cite="javascript:alert(1)">q</blockquote>',
    );
    expect(root.querySelector("img")?.hasAttribute("srcset")).toBe(false);
    const video = root.querySelector("video");
    expect(video?.hasAttribute("src")).toBe(false);
    expect(video?.hasAttribute("poster")).toBe(false);
    expect(root.querySelector("table")?.hasAttribute("background")).toBe(false);
    expect(root.querySelector("blockquote")?.hasAttribute("cite")).toBe(false);
  });

  it("keeps KaTeX's output: its MathML for screen readers and its own inline sizes", () => {
    const html = renderTex("\\Phi_E = \\oint E \\cdot dA", false) ?? "";
    const root = parse(html);
    expect(root.querySelector(".katex-mathml math semantics annotation")?.textContent).toBe(
      "\\Phi_E = \\oint E \\cdot dA",
    );
    expect(root.querySelector(".mop")?.getAttribute("style")).toBe(
      "margin-right:0.19445em;position:relative;top:-0.0006em;",
    );
    expect(root.querySelectorAll("[style]").length).toBe((html.match(/ style="/g) ?? []).length);
  });

  it("drops any other inline style whole: fixed overlays, far offsets, URLs", () => {
    for (const style of [
      "position:fixed;top:0;left:0;width:100%;height:100%",
      "top:-500em;position:relative",
      "background:url(https://evil.test/x.png)",
      "height:1em;z-index:99999",
      "color:red;width:expression(alert(1))",
    ]) {
      const span = parse(`<span style="${style}">x</span>`).querySelector("span");
      expect(span?.hasAttribute("style"), style).toBe(false);
    }
    expect(isKatexStyle("height:0.8333em;vertical-align:-0.15em;")).toBe(true);
    expect(isKatexStyle("color:#cc0000")).toBe(true);
  });

  it("keeps MathML's HTML integration point out", () => {
    const root = parse(
      '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)><style>*{}</style></annotation-xml><mi>x</mi></math>',
    );
    expect(root.querySelector("annotation-xml, img, style")).toBeNull();
    expect(root.querySelector("mi")?.textContent).toBe("x");
  });
});

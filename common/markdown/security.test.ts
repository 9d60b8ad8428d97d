import { describe, expect, it } from "vitest";
import { Budget, BudgetExceeded, WORK_LIMIT } from "./budget";
import { HOSTILE_CONTEXT, HOSTILE_INPUTS } from "./hostile-inputs";
import { compileLinkifier } from "./linkifiers";
import {
  degradedHtml,
  EMPTY_RENDER_CONTEXT,
  renderMarkdown,
  renderWithBudget,
  topicLinks,
  type RenderContext,
} from "./render";
import { TEST_CONTEXT } from "./test-context";

const html = (content: string, context: RenderContext = TEST_CONTEXT): string =>
  renderMarkdown(content, context);

/** No tag other than the renderer's own, and no attribute starting with `on`. */
function expectNoInjectedMarkup(out: string): void {
  const tags = out.match(/<[a-z][^>]*>/gi) ?? [];
  for (const tag of tags) {
    expect(tag).toMatch(
      /^<(?:p|br|a|span|img|video|code|pre|div|em|strong|del|blockquote|ul|ol|li|h[1-6]|table|thead|tbody|tr|th|td|time)[\s>]/,
    );
    expect(tag).not.toMatch(/\son\w+=/i);
    expect(tag).not.toMatch(/(?:href|src)="\s*(?:javascript|data|vbscript):/i);
  }
}

describe("security-notes §7: rendering", () => {
  it("1: raw HTML is text", () => {
    expect(html("<img src=x onerror=alert(1)>")).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>");
  });
  it("2–3: javascript:, data: and vbscript: links in every spelling are text", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "java&#x09;script:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "\u0001javascript:alert(1)",
    ]) {
      const out = html(`[x](${url})`);
      expectNoInjectedMarkup(out);
      // Either text, or (for the entity spelling) a harmless http:// link, as Zulip renders it.
      expect(out).toMatch(/^<p>(?:\[x\]|<a href="http:\/\/)/);
    }
  });
  it("4: an autolink cannot break out of its attribute", () => {
    const out = html('<https://ok.example/" onmouseover="alert(1)>');
    expect(out).toBe(
      '<p>&lt;<a href="https://ok.example/">https://ok.example/</a>" onmouseover="alert(1)&gt;</p>',
    );
    expect(out.match(/href=/g)).toHaveLength(1);
  });
  it("5–7: external, protocol-relative and same-realm links are plain links (no rewriting but #narrow)", () => {
    expect(html("[x](https://evil.example)")).toBe('<p><a href="https://evil.example">x</a></p>');
    expect(html("[x](//evil.example/path)")).toBe(
      '<p><a href="http://evil.example/path">x</a></p>',
    );
    expect(html("[x](/user_uploads/../api/v1/users/me/api_key/regenerate)")).toBe(
      '<p><a href="/user_uploads/../api/v1/users/me/api_key/regenerate">x</a></p>',
    );
    const realm = { ...TEST_CONTEXT, realmUrl: "https://chat.example" };
    expect(html("[x](https://chat.example/api/v1/users)", realm)).toBe(
      '<p><a href="https://chat.example/api/v1/users">x</a></p>',
    );
    expect(html("[x](https://chat.example/#narrow/stream/1-a)", realm)).toBe(
      '<p><a href="#narrow/stream/1-a">x</a></p>',
    );
  });
  it("inline previews load only from /thumbnail, camo or an upload path, never javascript: or data:", () => {
    const camo = { ...TEST_CONTEXT, camo: { baseUrl: "https://camo.example/c/", key: "k" } };
    for (const content of [
      'https://a.example/"onerror="alert(1).png',
      '[x](https://a.example/a.png"onload="alert(1))',
      "https://a.example/<svg/onload=alert(1)>.mp4",
      "[x](javascript:alert(1)//x.png)",
      "[x](JaVaScRiPt:alert(1)//x.mp4)",
      "[x](data:image/png;base64,AAAA.png)",
      "[x](data:video/mp4;base64,AAAA.mp4)",
      "[x](/user_uploads/1/../../api/v1/x.png)",
      "[x](/user_uploads/1/%2E%2E/x.mp4)",
      "[x](//evil.example/a.png) [y](vbscript:x.png)",
      "[x](https://a.example/a.png) [y](https://a.example/b.webm)",
    ]) {
      const out = html(content, camo);
      expectNoInjectedMarkup(out);
      for (const [, src] of out.matchAll(/\ssrc="([^"]*)"/g)) {
        expect(src, content).toMatch(
          /^(?:\/thumbnail\?url=|\/user_uploads\/1\/|https:\/\/camo\.example\/c\/)/,
        );
      }
    }
  });
  it("12: adversarial inputs render without throwing, within the work budget", () => {
    for (const [name, content] of Object.entries(HOSTILE_INPUTS)) {
      expect(new TextEncoder().encode(content).length, name).toBeLessThanOrEqual(10_000);
      const out = renderMarkdown(content, HOSTILE_CONTEXT);
      expect(typeof out, name).toBe("string");
      expectNoInjectedMarkup(out);
    }
  });
  it("12: past the budget a message degrades to escaped text", () => {
    const budget = new Budget();
    expect(() => {
      budget.charge(WORK_LIMIT + 1);
    }).toThrow(BudgetExceeded);
    expect(degradedHtml("<b>x</b>\n*y*")).toBe("<p>&lt;b&gt;x&lt;/b&gt;<br>\n*y*</p>");
    const content = "**a** [b](https://c.example) ".repeat(300);
    expect(renderWithBudget(content, TEST_CONTEXT, new Budget(10_000)).html).toBe(
      degradedHtml(content),
    );
    expect(renderWithBudget(content, TEST_CONTEXT, new Budget(10_000)).mentionedUserIds).toEqual(
      [],
    );
    expect(renderWithBudget("x", TEST_CONTEXT, new Budget(WORK_LIMIT, -1)).html).toBe("<p>x</p>");
  });
  it("placeholder characters in a message cannot pull in other elements", () => {
    expect(html("**a** \u00020\u0003 \u0002")).toBe("<p><strong>a</strong> 0 </p>");
  });
  it("13: hostile emoji syntax is text; only known emoji render", () => {
    expect(html(':"><img src=x onerror=alert(1)>:')).toBe(
      '<p>:"&gt;&lt;img src=x onerror=alert(1)&gt;:</p>',
    );
    expect(html(":zulip: :nope:")).toBe(
      '<p><img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"> :nope:</p>',
    );
  });
  it("14: custom emoji with a hostile name or URL: escaped or dropped", () => {
    expect(html(":evil:")).toBe("<p>:evil:</p>");
    expectNoInjectedMarkup(html(':a"><svg onload=alert(1)>:'));
  });
  it("16: mention and stream syntax with markup: only resolved ids become pills", () => {
    // Unresolved: no pill; the stars are then plain bold, as in Zulip.
    expect(html('@**"><img src=x>|99999**')).toBe(
      '<p>@<strong>"&gt;&lt;img src=x&gt;|99999</strong></p>',
    );
    expect(html('#**s>t"><b>**')).toBe('<p>#<strong>s&gt;t"&gt;&lt;b&gt;</strong></p>');
    expect(html('@**Evil "><img src=x>**')).toBe(
      '<p><span class="user-mention" data-user-id="12">@Evil "&gt;&lt;img src=x&gt;</span></p>',
    );
  });
});

describe("security-notes §7: linkifiers and topic links", () => {
  it("17: (a+)+b runs on RE2 (linear), never native RegExp", () => {
    const context = {
      ...EMPTY_RENDER_CONTEXT,
      linkifiers: [{ id: 1, pattern: "(a+)+b", url_template: "https://x.example/" }],
    };
    expect(html("a".repeat(30), context)).toBe(`<p>${"a".repeat(30)}</p>`);
    expect(html("aab", context)).toBe('<p><a href="https://x.example/">aab</a></p>');
  });
  it("18–19: oversized and RE2-invalid patterns are skipped; the rest works", () => {
    for (const pattern of [
      "(?i)\\w{1000}!",
      "(a)\\1",
      "(?=x)",
      "(?<=x)y",
      "(?x) a",
      "a{1001}",
      "(a{100}){100}",
      "[",
    ]) {
      expect(
        compileLinkifier({ id: 1, pattern, url_template: "https://x.example/" }),
        pattern,
      ).toBeNull();
    }
    const context = {
      ...EMPTY_RENDER_CONTEXT,
      linkifiers: [{ id: 1, pattern: "[", url_template: "x" }, ...TEST_CONTEXT.linkifiers],
    };
    expect(html("#5", context)).toBe('<p><a href="https://trac.example.com/ticket/5">#5</a></p>');
  });
  it("20: groups named name, __proto__, constructor work without pollution", () => {
    const context = {
      ...EMPTY_RENDER_CONTEXT,
      linkifiers: [
        {
          id: 1,
          pattern: "(?P<__proto__>[a-z]+)-(?P<constructor>\\d+)-(?P<name>\\d)",
          url_template: "https://x.example/{__proto__}/{constructor}/{name}",
        },
      ],
    };
    expect(html("ab-12-3", context)).toBe('<p><a href="https://x.example/ab/12/3">ab-12-3</a></p>');
    expect(({} as Record<string, unknown>)["ab"]).toBeUndefined();
  });
  it("21: templates expanding to unsafe schemes: no link in messages, no topic link", () => {
    const linkifiers = [
      { id: 1, pattern: "#(?P<id>\\d+)", url_template: "javascript:alert({id})" },
      { id: 2, pattern: "(?P<x>\\S+)", url_template: "{+x}" },
      { id: 3, pattern: "D(?P<id>\\d+)", url_template: "data:{id}" },
    ];
    const context = { ...EMPTY_RENDER_CONTEXT, linkifiers };
    const out = html("#1 D2 javascript:alert(1)", context);
    expectNoInjectedMarkup(out);
    expect(out).not.toMatch(/href="(?:javascript|data):/);
    for (const link of topicLinks("#1 D2 javascript:alert(1)", linkifiers)) {
      expect(link.url).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
    }
    expect(
      topicLinks(
        "javascript:alert(1)",
        [linkifiers[1] ?? linkifiers[0]].flatMap((l) => l ?? []),
      ),
    ).toEqual([]);
  });
  it("23: hostile topics: topic-link URLs are scheme-checked, text is returned as is", () => {
    // As in Zulip, a URL followed by `"><` is no URL at all.
    expect(topicLinks('foo https://a.example/"><script>', [])).toEqual([]);
    expect(topicLinks("see https://a.example/x.", [])).toEqual([
      { text: "https://a.example/x", url: "https://a.example/x" },
    ]);
    expect(topicLinks("javascript:alert(1)", [])).toEqual([]);
    for (const link of topicLinks('x https://a.example/"><script> y', TEST_CONTEXT.linkifiers)) {
      expect(link.url).toMatch(/^https?:/);
    }
  });
});

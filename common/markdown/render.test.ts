import { describe, expect, it } from "vitest";
import { EMPTY_RENDER_CONTEXT, renderMarkdown, renderMessage, topicLinks } from "./render";
import { compileLinkifiers } from "./linkifiers";
import { TEST_CONTEXT } from "./test-context";

const html = (content: string): string => renderMarkdown(content, TEST_CONTEXT);

describe("renderMessage: blocks", () => {
  it("renders paragraphs with <br> line breaks", () => {
    expect(html("a\nb\n\nc")).toBe("<p>a<br>\nb</p>\n<p>c</p>");
    expect(renderMarkdown("")).toBe("");
  });
  it("renders fenced code with a language, highlighted", () => {
    expect(html("```py\nx = 1\n```")).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    );
    expect(html("```\n<b>\n```")).toContain("<code>&lt;b&gt;\n</code>");
  });
  it("renders quotes, both kinds", () => {
    expect(html("> hi")).toBe("<blockquote>\n<p>hi</p>\n</blockquote>");
    expect(html("```quote\nhi\n```")).toBe("<blockquote>\n<p>hi</p>\n</blockquote>");
  });
  it("renders lists, nested and ordered", () => {
    expect(html("* a\n  * b")).toBe("<ul>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>");
    expect(html("3. a\n4. b")).toBe('<ol start="3">\n<li>a</li>\n<li>b</li>\n</ol>');
  });
  it("renders tables and headings", () => {
    expect(html("a | b\n--|--\n1 | 2")).toContain("<th>a</th>");
    expect(html("## Title")).toBe("<h2>Title</h2>");
  });
  it("renders spoilers", () => {
    expect(html("```spoiler Head\nbody\n```")).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Head</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>body</p>\n</div></div>',
    );
  });
  it("marks /me messages", () => {
    expect(renderMessage("/me waves", TEST_CONTEXT).isMeMessage).toBe(true);
    expect(renderMessage("hi /me", TEST_CONTEXT).isMeMessage).toBe(false);
  });
});

describe("renderMessage: inline", () => {
  it("renders emphasis, strikethrough and inline code", () => {
    expect(html("*a* **b** ~~c~~ `d`")).toBe(
      "<p><em>a</em> <strong>b</strong> <del>c</del> <code>d</code></p>",
    );
    expect(html("__a__ _b_")).toBe("<p>__a__ _b_</p>");
  });
  it("renders links and bare URLs", () => {
    expect(html("[x](https://a.example)")).toBe('<p><a href="https://a.example">x</a></p>');
    expect(html("see example.com.")).toBe(
      '<p>see <a href="http://example.com">example.com</a>.</p>',
    );
  });
  it("renders user mentions, silent mentions and wildcards", () => {
    const result = renderMessage("@**King Hamlet** @_**Iago** @**all**", TEST_CONTEXT);
    expect(result.html).toBe(
      '<p><span class="user-mention" data-user-id="10">@King Hamlet</span> <span class="user-mention silent" data-user-id="11">Iago</span> <span class="user-mention" data-user-id="*">@all</span></p>',
    );
    expect(result.mentionedUserIds).toEqual([10]);
    expect(result.hasWildcardMention).toBe(true);
    expect(renderMessage("@**Iago|11**", TEST_CONTEXT).mentionedUserIds).toEqual([11]);
    expect(renderMessage("@**Iago|10**", TEST_CONTEXT).mentionedUserIds).toEqual([]);
    expect(html("@**topic**")).toBe('<p><span class="topic-mention">@topic</span></p>');
  });
  it("renders group mentions", () => {
    const result = renderMessage("@*support*", TEST_CONTEXT);
    expect(result.html).toBe(
      '<p><span class="user-group-mention" data-user-group-id="5">@support</span></p>',
    );
    expect(result.mentionedGroupIds).toEqual([5]);
  });
  it("renders stream and topic links", () => {
    expect(html("#**design team**")).toBe(
      '<p><a class="stream" data-stream-id="2" href="/#narrow/stream/2-design-team">#design team</a></p>',
    );
    expect(html("#**Denmark>v1.0 plans**")).toBe(
      '<p><a class="stream-topic" data-stream-id="1" href="/#narrow/stream/1-Denmark/topic/v1.2E0.20plans">#Denmark &gt; v1.0 plans</a></p>',
    );
  });
  it("renders Unicode and custom emoji", () => {
    expect(html(":smile: :green_tick: 💩")).toBe(
      '<p><span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span> <img alt=":green_tick:" class="emoji" src="/user_avatars/1/emoji/green_tick.png" title="green tick"> <span aria-label="poop" class="emoji emoji-1f4a9" role="img" title="poop">:poop:</span></p>',
    );
    expect(html(":old: :nope:")).toBe("<p>:old: :nope:</p>");
  });
  it("translates Zulip 9's emoticons with translateEmoticons, between its terminal symbols", () => {
    const translated = (content: string): string =>
      renderMarkdown(content, { ...TEST_CONTEXT, translateEmoticons: true });
    const names = (content: string): string[] =>
      [...translated(content).matchAll(/>:([a-z_]+):</g)].map((m) => m[1] ?? "");
    // Zulip 9.0's EMOTICON_CONVERSIONS (tools/setup/emoji/emoji_setup_utils.py), in order.
    expect(names(":) (: :( <3 :| :/ ;) :D :o :O :p :P")).toEqual([
      ...["smile", "smile", "frown", "heart", "neutral", "confused", "wink", "grinning"],
      ...["open_mouth", "open_mouth", "stuck_out_tongue", "stuck_out_tongue"],
    ]);
    // Zulip's terminal symbols: , . ; ? ! ( ) [ ] " ' space, newline, tab.
    expect(names("(:)) [:D] \":p\" ':P' (;)")).toEqual([
      "smile",
      "grinning",
      "stuck_out_tongue",
      "stuck_out_tongue",
      "wink",
    ]);
    expect(names("a:) :)b x:Dy 5:00 :-)")).toEqual([]);
    expect(html(":)")).toBe("<p>:)</p>");
  });

  it("renders global times", () => {
    expect(html("<time:2024-01-02T03:04:05Z>")).toBe(
      '<p><time datetime="2024-01-02T03:04:05Z">2024-01-02T03:04:05Z</time></p>',
    );
  });
  it("renders math with KaTeX, inline and as a display block", () => {
    const inline = html("$$x^2$$");
    expect(inline).toMatch(/^<p><span class="katex">/);
    expect(inline).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    const block = html("```math\na^2\n\nb^2\n```");
    expect(block.match(/class="katex-display"/g)).toHaveLength(2);
  });

  it("falls back to Zulip's tex-error with the source when KaTeX refuses the input", () => {
    expect(html("$$\\error{**a**}$$")).toBe(
      '<p><span class="tex-error">$$\\error{**a**}$$</span></p>',
    );
    expect(html("```math\n\\frac{\n```")).toBe('<p><span class="tex-error">\\frac{</span></p>');
  });

  it("keeps KaTeX's untrusted commands from making links or loading anything", () => {
    const output = html(
      "$$\\href{javascript:alert(1)}{x} \\url{http://evil.test} \\includegraphics{http://evil.test/a.png}$$",
    );
    expect(output).not.toMatch(/href=|src=|<img|<a /);
  });

  it("renders hostile nesting and macro bombs within the stack and the expansion limit", () => {
    const deep = `$$${"{".repeat(5000)}x${"}".repeat(5000)}$$`;
    expect(html(deep)).toMatch(/^<p><span class="(tex-error|katex)">/);
    const bomb = "$$\\def\\a{\\a\\a}\\a$$";
    expect(html(bomb)).toContain('class="tex-error"');
  });
});

describe("linkifiers", () => {
  it("link matches after a boundary, earlier linkifiers first", () => {
    expect(html("see #123 and PR web/7")).toBe(
      '<p>see <a href="https://trac.example.com/ticket/123">#123</a> and <a href="https://git.example/web/pull/7">PR web/7</a></p>',
    );
    expect(html("x#123")).toBe("<p>x#123</p>");
    expect(html("`#123`")).toBe("<p><code>#123</code></p>");
  });
  it("compiles a list once, by identity or by equal content", () => {
    const list = TEST_CONTEXT.linkifiers;
    expect(compileLinkifiers(list)).toBe(compileLinkifiers(list));
    expect(compileLinkifiers(list.map((l) => ({ ...l })))).toBe(compileLinkifiers(list));
  });
  it("supports old %(name)s templates", () => {
    const context = {
      ...EMPTY_RENDER_CONTEXT,
      linkifiers: [{ id: 1, pattern: "T(?P<n>\\d+)", url_template: "https://t.example/%(n)s" }],
    };
    expect(renderMarkdown("T5", context)).toBe('<p><a href="https://t.example/5">T5</a></p>');
  });
  it("gives topic links from linkifiers and raw URLs, in order", () => {
    expect(topicLinks("fix #12 see example.com/x", TEST_CONTEXT.linkifiers)).toEqual([
      { text: "#12", url: "https://trac.example.com/ticket/12" },
      { text: "example.com/x", url: "https://example.com/x" },
    ]);
  });
});

import { JSDOM, type DomElement, type DomNode } from "jsdom";
import { describe, expect, it } from "vitest";
import { htmlDiff } from "./html-diff";
import { renderMarkdown } from "../../common/markdown/render";

const INSERTED = "highlight_text_inserted";
const DELETED = "highlight_text_deleted";

const { document } = new JSDOM("").window;

function parse(html: string): DomElement {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  return holder;
}

function highlightClass(element: DomElement): string | undefined {
  const name = element.getAttribute("class");
  return element.tagName === "SPAN" && (name === INSERTED || name === DELETED) ? name : undefined;
}

/** Every highlight span holds only text, and every `span` with a highlight class is exactly that. */
function expectWellFormed(output: string): void {
  const root = parse(output);
  expect(root.children).toHaveLength(1);
  expect(root.firstElementChild?.tagName).toBe("DIV");
  for (const span of root.querySelectorAll(`.${INSERTED}, .${DELETED}`)) {
    expect(highlightClass(span), span.outerHTML).toBeDefined();
    expect(span.children, span.outerHTML).toHaveLength(0);
    expect(span.attributes, span.outerHTML).toHaveLength(1);
  }
}

/**
 * The output's tree with highlights resolved: `keep` spans unwrapped, the others removed, and
 * changed link targets (`Link: …`, not text of either side) removed too.
 */
function resolve(output: string, keep: string): DomElement {
  const root = parse(output);
  for (const span of [...root.querySelectorAll("span")]) {
    const highlight = highlightClass(span);
    if (highlight === undefined) continue;
    if (highlight === keep) span.replaceWith((span.textContent ?? "").replace(/Link: \S+/g, ""));
    else span.remove();
  }
  // A word changed within is split across text nodes; a reader sees it whole.
  root.normalize();
  return root;
}

/** The words of each text node, in document order (cells or items never run together). */
function words(root: DomNode): string[] {
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    found.push(...(node.nodeValue ?? "").split(/[\t\n\f\r ]+/).filter(Boolean));
  }
  return found;
}

/** Elements and attributes, ignoring whitespace: what a reader's DOM would hold. */
function shape(root: DomElement): unknown {
  return [...root.children].map((element) => ({
    tag: element.tagName,
    attributes: [...element.attributes].map((a) => [a.name, a.value]),
    children: shape(element),
  }));
}

/** The new side is the output without deletions; the old side's words are the output without insertions. */
function expectFaithful(oldHtml: string, newHtml: string): string {
  const output = htmlDiff(oldHtml, newHtml);
  expectWellFormed(output);
  const asNew = resolve(output, INSERTED);
  const expectedNew = parse(`<div>${newHtml}</div>`);
  expect(words(asNew)).toEqual(words(expectedNew));
  expect(shape(asNew)).toEqual(shape(expectedNew));
  expect(words(resolve(output, DELETED))).toEqual(words(parse(oldHtml)));
  return output;
}

describe("htmlDiff", () => {
  it("shows a replaced word as Zulip's web client does: deletion first, wrapped in a div", () => {
    expect(htmlDiff("<p>content before edit</p>", "<p>content after edit</p>")).toBe(
      '<div><p>content <span class="highlight_text_deleted">before</span> ' +
        '<span class="highlight_text_inserted">after</span> edit</p></div>',
    );
  });

  it("marks only the changed letters of a word changed in part, deletion first", () => {
    expect(htmlDiff("<p>the color red</p>", "<p>the colour red</p>")).toBe(
      '<div><p>the colo<span class="highlight_text_inserted">u</span>r red</p></div>',
    );
    expect(htmlDiff("<p>I recieve it</p>", "<p>I receive it</p>")).toBe(
      '<div><p>I rec<span class="highlight_text_deleted">ie</span>' +
        '<span class="highlight_text_inserted">ei</span>ve it</p></div>',
    );
    expect(htmlDiff("<p>meet at noon.</p>", "<p>meet at noon!</p>")).toBe(
      '<div><p>meet at noon<span class="highlight_text_deleted">.</span>' +
        '<span class="highlight_text_inserted">!</span></p></div>',
    );
    // A word changed in part and words added after it: each marked as what it is.
    expect(htmlDiff("<p>in the garden</p>", "<p>in the garden, bring bread</p>")).toBe(
      '<div><p>in the garden<span class="highlight_text_inserted">,</span> ' +
        '<span class="highlight_text_inserted">bring bread</span></p></div>',
    );
    expect(htmlDiff("<p>see you at noon today</p>", "<p>see you tomorrow at 1 today!</p>")).toBe(
      '<div><p>see you <span class="highlight_text_inserted">tomorrow</span> at ' +
        '<span class="highlight_text_deleted">noon</span> ' +
        '<span class="highlight_text_inserted">1</span> today' +
        '<span class="highlight_text_inserted">!</span></p></div>',
    );
    // Little in common: the whole word goes and another comes.
    expect(htmlDiff("<p>at noon</p>", "<p>at one</p>")).toBe(
      '<div><p>at <span class="highlight_text_deleted">noon</span> ' +
        '<span class="highlight_text_inserted">one</span></p></div>',
    );
  });

  it("never splits an escaped character when marking within a word", () => {
    const output = expectFaithful("<p>a&amp;b</p>", "<p>a&amp;c</p>");
    expect(output).toBe(
      '<div><p>a&amp;<span class="highlight_text_deleted">b</span>' +
        '<span class="highlight_text_inserted">c</span></p></div>',
    );
    expectFaithful("<p>x&lt;y</p>", "<p>x&gt;y</p>");
  });

  it("gives <div></div> for two empty fragments and no highlight for identical ones", () => {
    expect(htmlDiff("", "")).toBe("<div></div>");
    const html = '<p>same <a href="https://x.example/">link</a></p>\n<ul><li>one</li></ul>';
    expect(htmlDiff(html, html)).toBe(`<div>${html}</div>`);
  });

  it("shows deletions at the start, the end, and of everything", () => {
    expect(htmlDiff("<p>x a</p>", "<p>a</p>")).toBe(
      '<div><p><span class="highlight_text_deleted">x</span> a</p></div>',
    );
    expect(htmlDiff("<p>a b</p>", "<p>a</p>")).toBe(
      '<div><p>a <span class="highlight_text_deleted">b</span></p></div>',
    );
    expect(htmlDiff("<p>gone</p>", "")).toBe(
      '<div><span class="highlight_text_deleted">gone</span></div>',
    );
    expect(htmlDiff("", "<p>new words</p>")).toBe(
      '<div><p><span class="highlight_text_inserted">new words</span></p></div>',
    );
  });

  it("shows a changed link target as Link text inside the link", () => {
    const output = htmlDiff(
      '<p><a href="https://a.example/">docs</a></p>',
      '<p><a href="https://b.example/">docs</a></p>',
    );
    expect(output).toBe(
      '<div><p><a href="https://b.example/">docs ' +
        '<span class="highlight_text_deleted">Link: https://a.example/</span> ' +
        '<span class="highlight_text_inserted">Link: https://b.example/</span></a></p></div>',
    );
    expectWellFormed(output);
  });

  it("folds a rewritten sentence into one replacement instead of matching stray words", () => {
    expect(htmlDiff("<p>the cat sat on the mat</p>", "<p>a dog lay under the rug</p>")).toBe(
      '<div><p><span class="highlight_text_deleted">the cat sat on the mat</span> ' +
        '<span class="highlight_text_inserted">a dog lay under the rug</span></p></div>',
    );
  });

  it("never breaks a tag: the old side's image and attributes cannot leak into markup", () => {
    const output = expectFaithful('<p>text</p><img src="a">', "<p>delete</p>");
    expect(output).not.toContain("<img");
    const attack = htmlDiff(
      '<p><img src="anything" title="x"></p>',
      '<p><img src="anything"><span title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">y</span></p>',
    );
    expectWellFormed(attack);
    expect(parse(attack).querySelectorAll("img")).toHaveLength(1);
    expect(parse(attack).querySelector("img")?.getAttributeNames()).toEqual(["src"]);
    // The input cannot forge a highlight of its own.
    expect(htmlDiff("", '<p><span class="highlight_text_deleted x">fake</span></p>')).toBe(
      '<div><p><span class="x"><span class="highlight_text_inserted">fake</span></span></p></div>',
    );
  });

  it.each([
    [
      "nested lists",
      "<ul><li>one<ul><li>two</li></ul></li></ul>",
      "<ul><li>one<ul><li>two</li><li>three</li></ul></li><li>four</li></ul>",
    ],
    [
      "code",
      "<pre><code>let x = 1;\nlet y = 2;</code></pre>",
      "<pre><code>let x = 10;\nlet y = 2;\nlet z;</code></pre>",
    ],
    ["emphasis changes", "<p>a <b>bold</b> move</p>", "<p>a <i>bold</i> move now</p>"],
    [
      "links",
      '<p>see <a href="/a">this</a> now</p>',
      '<p>see <a href="/b" title="t">that one</a></p>',
    ],
    ["paragraphs", "<p>one</p>\n<p>two</p>", "<p>one</p>\n<p>two and</p>\n<p>three</p>"],
    ["entities", "<p>&lt;b&gt; &amp; &#39;x&#39;</p>", "<p>&lt;i&gt; &amp; &quot;x&quot;</p>"],
    ["empty to text", "", "<p>hello <em>world</em></p>"],
    ["text to empty", "<blockquote><p>quoted words</p></blockquote>", ""],
    [
      "tables",
      "<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>",
      "<table><tbody><tr><td>a</td><td>c</td></tr><tr><td>d</td></tr></tbody></table>",
    ],
    [
      "mentions",
      '<p><span class="user-mention" data-user-id="5">@Iago</span> hi</p>',
      '<p><span class="user-mention" data-user-id="6">@Hamlet</span> hi</p>',
    ],
    [
      "images",
      '<p>pic <img src="a.png" alt="a"></p>',
      '<p>pic <img src="b.png" alt="b"> and more</p>',
    ],
  ])("stays faithful and well-formed: %s", (_name, oldHtml, newHtml) => {
    expectFaithful(oldHtml, newHtml);
    expectFaithful(newHtml, oldHtml);
  });

  it("stays well-formed for malformed and hostile input", () => {
    const hostile = [
      '<img src="a"',
      '<p title="unterminated>text',
      "<p>a < b > c & d</p>",
      "<div><span>unclosed",
      "</p></div>stray ends<br/>",
      '<svg><path d="M0"/><p>x</p></svg>',
      '<style><a id="</style><img src=1 onerror=alert(1)>">',
      "<math><mtext><mglyph><style><!--</style><img src onerror=alert(1)>",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      "<!-- comment --><!DOCTYPE html><?php echo 1 ?>words",
      '<a href="javascript:alert(1)">x</a><a href=\'q"uote\'>y</a>',
      "<p a<b=1 c='2' d=3 e>attr soup</p>",
      "<table>text<tr><td>cell</td></tr></table>",
      "\u0000<p>nul\u0000</p>",
    ];
    for (const oldHtml of hostile) {
      for (const newHtml of hostile) {
        const output = htmlDiff(oldHtml, newHtml);
        expectWellFormed(output);
        expect(parse(output).querySelector("script, style, noscript, [onerror]")).toBeNull();
      }
    }
  });

  it("stays well-formed on random tag and text soup", () => {
    const pieces = [
      ...["<p>", "</p>", '<a href="/x">', "<a href='y\"'>", "</a>", "<b>", "</b>", "<br>"],
      ...["<img src=a", ">", "<", '"', "'", "=", "&amp;", "&", "word", "other", " ", "\n"],
      ...["<ul><li>", "</li>", '<span class="highlight_text_inserted">', "</span>", "<!--"],
    ];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const soup = () =>
      Array.from({ length: random(30) }, () => pieces[random(pieces.length)] ?? "").join("");
    for (let round = 0; round < 150; round++) expectWellFormed(htmlDiff(soup(), soup()));
  });

  it("is faithful on rendered Markdown edits", () => {
    const pairs = [
      ["Hello world", "Hello brave new world"],
      ["line one\nline two\n\nsecond paragraph", "line one\n\nsecond paragraph & more"],
      ["<script>alert(1)</script>", "<b>not bold</b>"],
    ];
    for (const [before = "", after = ""] of pairs) {
      expectFaithful(renderMarkdown(before), renderMarkdown(after));
    }
  });

  it("stays bounded and correct for 10,000-byte messages with nothing in common", () => {
    // Each word's start and end differ too, so no word is marked within.
    const oldText = Array.from({ length: 2000 }, (_, i) => `w${i}a`).join(" ");
    const newText = Array.from({ length: 2000 }, (_, i) => `v${i}b`).join(" ");
    const output = expectFaithful(`<p>${oldText}</p>`, `<p>${newText}</p>`);
    expect(parse(output).querySelectorAll(`.${INSERTED}`)).toHaveLength(1);
  });

  it("keeps scattered edits of a long message precise", () => {
    const base = Array.from({ length: 1500 }, (_, i) => `w${i}`);
    const edited = base.map((word, i) => (i % 50 === 0 ? `${word}x` : word));
    const output = expectFaithful(`<p>${base.join(" ")}</p>`, `<p>${edited.join(" ")}</p>`);
    // Each edit only added an "x": that is all that is marked.
    const marked = [...parse(output).querySelectorAll(`.${INSERTED}`)];
    expect(marked.map((span) => span.textContent)).toEqual(Array.from({ length: 30 }, () => "x"));
    expect(parse(output).querySelectorAll(`.${DELETED}`)).toHaveLength(0);
  });
});

/**
 * A small, forgiving HTML tokenizer for the edit-history diff. It never copies markup through:
 * every tag it emits is rebuilt from a checked name and escaped attributes, text is re-escaped
 * (entities kept whole), and elements are balanced with a stack, so whatever the input, the
 * output cannot carry a broken tag or attribute.
 */

/** One piece of a fragment as the diff sees it: markup (tags, stray whitespace) or a word. */
export type HtmlItem =
  | { kind: "markup"; html: string }
  | {
      kind: "word";
      /** What the diff compares: the word, or a link target (`a[href]`, shown only when changed). */
      key: string;
      /** The word as HTML text (escaped). */
      html: string;
      /** Whitespace that followed the word in its text, kept so the new side reads as written. */
      trailing: string;
      /** A link target: not text of the document, shown only when inserted or deleted (as lxml). */
      hidden: boolean;
    };

type Token =
  | { type: "start"; name: string; attributes: [string, string][]; selfClosing: boolean }
  | { type: "end"; name: string }
  | { type: "text"; text: string };

const VOID_ELEMENTS = new Set([
  ...["area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img"],
  ...["input", "keygen", "link", "meta", "param", "source", "track", "wbr"],
]);
/** Elements whose content a browser does not parse as markup: dropped whole, content included. */
const RAW_TEXT_ELEMENTS = new Set([
  ...["iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style"],
  ...["textarea", "title", "xmp"],
]);
/** Inside these, `<x/>` closes itself (foreign content); elsewhere the slash means nothing. */
const FOREIGN_ROOTS = new Set(["svg", "math"]);
const TAG_NAME = /^[a-z][a-z0-9-]*$/;
const ATTRIBUTE_NAME = /^[a-z_:][a-z0-9_:.-]*$/;
const WHITESPACE = /[\t\n\f\r ]/;

/** Escapes `<`, `>` and every `&` that does not start an entity; entities are kept whole. */
function escapeText(raw: string): string {
  return raw
    .replace(/\0/g, "")
    .replace(
      /&(?!(?:[a-zA-Z][a-zA-Z0-9]{0,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});)|[<>]/g,
      (character) => (character === "<" ? "&lt;" : character === ">" ? "&gt;" : "&amp;"),
    );
}

function escapeAttribute(raw: string): string {
  return escapeText(raw).replace(/"/g, "&quot;");
}

function isWhitespace(character: string | undefined): boolean {
  return character !== undefined && WHITESPACE.test(character);
}

/** Index of the first character at or after `from` that `stop` accepts (or the end). */
function scanUntil(source: string, from: number, stop: (character: string) => boolean): number {
  let position = from;
  while (position < source.length && !stop(source.charAt(position))) position++;
  return position;
}

/** A markup construct at `lt`: its token (none for comments) and where it ends; null for a literal `<`. */
type Markup = { token: Token | undefined; end: number } | null;

function readStartTag(source: string, lt: number): Markup {
  const nameEnd = scanUntil(source, lt + 1, (c) => isWhitespace(c) || c === "/" || c === ">");
  const name = source.slice(lt + 1, nameEnd).toLowerCase();
  const attributes: [string, string][] = [];
  const seen = new Set<string>();
  let position = nameEnd;
  for (;;) {
    position = scanUntil(source, position, (c) => !isWhitespace(c) && c !== "/");
    if (position >= source.length) return { token: undefined, end: source.length };
    if (source.charAt(position) === ">") {
      const selfClosing = source.charAt(position - 1) === "/";
      return { token: { type: "start", name, attributes, selfClosing }, end: position + 1 };
    }
    const attributeEnd = scanUntil(
      source,
      position + 1,
      (c) => isWhitespace(c) || c === "/" || c === ">" || c === "=",
    );
    const attributeName = source.slice(position, attributeEnd).toLowerCase();
    position = scanUntil(source, attributeEnd, (c) => !isWhitespace(c));
    let value = "";
    if (source.charAt(position) === "=") {
      position = scanUntil(source, position + 1, (c) => !isWhitespace(c));
      const quote = source.charAt(position);
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, position + 1);
        // An unterminated tag at the end of the input is dropped, as browsers do.
        if (close === -1) return { token: undefined, end: source.length };
        value = source.slice(position + 1, close);
        position = close + 1;
      } else {
        const valueEnd = scanUntil(source, position, (c) => isWhitespace(c) || c === ">");
        value = source.slice(position, valueEnd);
        position = valueEnd;
      }
    }
    if (!seen.has(attributeName)) attributes.push([attributeName, value]);
    seen.add(attributeName);
  }
}

function readMarkup(source: string, lt: number): Markup {
  const next = source.charAt(lt + 1);
  if (source.startsWith("<!--", lt)) {
    if (source.startsWith("<!-->", lt)) return { token: undefined, end: lt + 5 };
    if (source.startsWith("<!--->", lt)) return { token: undefined, end: lt + 6 };
    const close = source.indexOf("-->", lt + 4);
    return { token: undefined, end: close === -1 ? source.length : close + 3 };
  }
  const bogusComment = (): Markup => {
    const close = source.indexOf(">", lt);
    return { token: undefined, end: close === -1 ? source.length : close + 1 };
  };
  if (next === "!" || next === "?") return bogusComment();
  if (next === "/") {
    const after = source.charAt(lt + 2);
    if (after === ">") return { token: undefined, end: lt + 3 };
    if (!/[a-zA-Z]/.test(after)) return bogusComment();
    const nameEnd = scanUntil(source, lt + 2, (c) => isWhitespace(c) || c === "/" || c === ">");
    const close = source.indexOf(">", nameEnd);
    if (close === -1) return { token: undefined, end: source.length };
    const name = source.slice(lt + 2, nameEnd).toLowerCase();
    return { token: { type: "end", name }, end: close + 1 };
  }
  if (/[a-zA-Z]/.test(next)) return readStartTag(source, lt);
  return null;
}

/** Skips the content of a raw-text element up to and including its end tag. */
function skipRawText(source: string, from: number, name: string): number {
  const lower = source.toLowerCase();
  let position = from;
  for (;;) {
    const close = lower.indexOf(`</${name}`, position);
    if (close === -1) return source.length;
    const after = source.charAt(close + name.length + 2);
    if (after === "" || after === ">" || after === "/" || isWhitespace(after)) {
      const end = source.indexOf(">", close);
      return end === -1 ? source.length : end + 1;
    }
    position = close + 1;
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const addText = (text: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.type === "text") last.text += text;
    else if (text !== "") tokens.push({ type: "text", text });
  };
  let position = 0;
  while (position < source.length) {
    const lt = source.indexOf("<", position);
    if (lt === -1) {
      addText(source.slice(position));
      break;
    }
    addText(source.slice(position, lt));
    const markup = readMarkup(source, lt);
    if (markup === null) {
      addText("<");
      position = lt + 1;
      continue;
    }
    position = markup.end;
    const token = markup.token;
    if (token?.type === "start" && RAW_TEXT_ELEMENTS.has(token.name)) {
      position = skipRawText(source, position, token.name);
    } else if (token) {
      tokens.push(token);
    }
  }
  return tokens;
}

/** The diff's own highlight classes: an input element may not claim them. */
const HIGHLIGHT_CLASS = /^highlight_text_(?:inserted|deleted)$/;

function withoutHighlightClasses([name, value]: [string, string]): [string, string] {
  if (name !== "class") return [name, value];
  const kept = value.split(/[\t\n\f\r ]+/).filter((c) => c !== "" && !HIGHLIGHT_CLASS.test(c));
  return [name, kept.join(" ")];
}

function startTagHtml(name: string, attributes: readonly [string, string][]): string {
  const rendered = attributes
    .map(withoutHighlightClasses)
    // Event handlers are never part of rendered messages; dropping them costs nothing.
    .filter(([attribute]) => ATTRIBUTE_NAME.test(attribute) && !attribute.startsWith("on"))
    .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`);
  return `<${name}${rendered.join("")}>`;
}

/** Builds the item list, keeping elements balanced: unknown end tags are dropped, open ones closed. */
class ItemBuilder {
  readonly items: HtmlItem[] = [];
  private readonly open: { name: string; href: string | undefined }[] = [];

  start(name: string, attributes: readonly [string, string][], selfClosing: boolean): void {
    if (!TAG_NAME.test(name)) return;
    const html = startTagHtml(name, attributes);
    if (VOID_ELEMENTS.has(name)) {
      this.items.push({ kind: "markup", html });
      return;
    }
    const isForeign = FOREIGN_ROOTS.has(name) || this.open.some((e) => FOREIGN_ROOTS.has(e.name));
    if (selfClosing && isForeign) {
      this.items.push({ kind: "markup", html: `${html}</${name}>` });
      return;
    }
    this.items.push({ kind: "markup", html });
    const href =
      name === "a" ? attributes.find(([attribute]) => attribute === "href")?.[1] : undefined;
    this.open.push({ name, href: href === "" ? undefined : href });
  }

  end(name: string): void {
    let index = this.open.length - 1;
    while (index >= 0 && this.open[index]?.name !== name) index--;
    if (index < 0) return;
    while (this.open.length > index) this.close();
  }

  text(raw: string): void {
    const parts = escapeText(raw).split(/([\t\n\f\r ]+)/);
    const leading = parts[0] === "" ? parts[1] : undefined;
    if (leading !== undefined) this.items.push({ kind: "markup", html: leading });
    for (let index = leading === undefined ? 0 : 2; index < parts.length; index += 2) {
      const word = parts[index] ?? "";
      if (word === "") continue;
      const trailing = parts[index + 1] ?? "";
      this.items.push({ kind: "word", key: `w${word}`, html: word, trailing, hidden: false });
    }
  }

  finish(): HtmlItem[] {
    while (this.open.length > 0) this.close();
    return this.items;
  }

  private close(): void {
    const element = this.open.pop();
    if (!element) return;
    if (element.href !== undefined) {
      const target = escapeText(element.href);
      this.items.push({
        kind: "word",
        key: `h${target}`,
        html: `Link: ${target}`,
        trailing: "",
        hidden: true,
      });
    }
    this.items.push({ kind: "markup", html: `</${element.name}>` });
  }
}

/** The items of an HTML fragment, in document order, with every element balanced. */
export function htmlItems(source: string): HtmlItem[] {
  const builder = new ItemBuilder();
  for (const token of tokenize(source)) {
    if (token.type === "start") builder.start(token.name, token.attributes, token.selfClosing);
    else if (token.type === "end") builder.end(token.name);
    else builder.text(token.text);
  }
  return builder.finish();
}

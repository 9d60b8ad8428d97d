/**
 * A light tree over the renderer's own HTML, for the passes Zulip runs on its element tree after
 * the blocks and inlines are built (inline previews). It reads only what the renderer writes:
 * well-formed tags, quoted attributes, escaped text; anything else makes `parseHtml` give up
 * (null), and the caller keeps the HTML as it was. Serialising gives back the same string for
 * every node left untouched.
 */

/** Text between tags, kept as written (escaped). */
interface TextNode {
  kind: "text";
  raw: string;
}

/** An element: its start tag as written, its children, and whether it has an end tag. */
export interface ElementNode {
  kind: "element";
  tag: string;
  /** The start tag as written, `<…>`. */
  start: string;
  children: HtmlNode[];
  parent: ElementNode | null;
  isVoid: boolean;
}

/** A node of the tree. */
type HtmlNode = TextNode | ElementNode;

const VOID_TAGS: ReadonlySet<string> = new Set(["br", "hr", "img", "wbr", "source", "track"]);
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** Parses `html` under a root element with no tag; null when it is not well formed. */
export function parseHtml(html: string): ElementNode | null {
  const root: ElementNode = {
    kind: "element",
    tag: "",
    start: "",
    children: [],
    parent: null,
    isVoid: false,
  };
  let current = root;
  let pos = 0;
  for (const match of html.matchAll(TAG_RE)) {
    const text = html.slice(pos, match.index);
    if (text.includes("<")) return null;
    if (text !== "") current.children.push({ kind: "text", raw: text });
    pos = match.index + match[0].length;
    const tag = (match[2] ?? "").toLowerCase();
    if (match[1] === "/") {
      if (current.tag !== tag || !current.parent) return null;
      current = current.parent;
      continue;
    }
    const isVoid = VOID_TAGS.has(tag) || (match[3] ?? "").endsWith("/");
    const element: ElementNode = {
      kind: "element",
      tag,
      start: match[0],
      children: [],
      parent: current,
      isVoid,
    };
    current.children.push(element);
    if (!isVoid) current = element;
  }
  const rest = html.slice(pos);
  if (rest.includes("<") || current !== root) return null;
  if (rest !== "") root.children.push({ kind: "text", raw: rest });
  return root;
}

/** The HTML of a node's children. */
export function serializeChildren(element: ElementNode): string {
  return element.children.map(serialize).join("");
}

function serialize(node: HtmlNode): string {
  if (node.kind === "text") return node.raw;
  if (node.isVoid) return node.start;
  return `${node.start}${serializeChildren(node)}</${node.tag}>`;
}

/** The unescaped text of escaped HTML text or attribute values. */
function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );
}

/** An attribute's unescaped value, or null when the start tag has none. */
export function attribute(element: ElementNode, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(element.start);
  return match ? unescapeHtml(match[1] ?? "") : null;
}

/** The element children, without the text between them (ElementTree's view of a node). */
export function elementChildren(element: ElementNode): ElementNode[] {
  return element.children.filter((node): node is ElementNode => node.kind === "element");
}

/** ElementTree's `text`: the text before the first child element ("" when none). */
export function leadingText(element: ElementNode): string {
  let text = "";
  for (const node of element.children) {
    if (node.kind === "element") break;
    text += node.raw;
  }
  return unescapeHtml(text);
}

/** ElementTree's `tail`: the text after `element` up to its next sibling element. */
export function tailText(element: ElementNode): string {
  const siblings = element.parent?.children ?? [];
  let text = "";
  for (let i = siblings.indexOf(element) + 1; i < siblings.length; i++) {
    const node = siblings[i];
    if (!node || node.kind === "element") break;
    text += node.raw;
  }
  return unescapeHtml(text);
}

/** Inserts `node` before the `index`-th element child of `parent` (at the end past the last). */
export function insertAtElementIndex(parent: ElementNode, index: number, node: ElementNode): void {
  node.parent = parent;
  let seen = 0;
  for (let i = 0; i < parent.children.length; i++) {
    if (parent.children[i]?.kind !== "element") continue;
    if (seen === index) {
      parent.children.splice(i, 0, node);
      return;
    }
    seen++;
  }
  parent.children.push(node);
}

/** Removes `element` with its tail text, as ElementTree's `remove` does. */
export function removeElement(element: ElementNode): void {
  const siblings = element.parent?.children;
  if (!siblings) return;
  const at = siblings.indexOf(element);
  let end = at + 1;
  while (end < siblings.length && siblings[end]?.kind === "text") end++;
  siblings.splice(at, end - at);
}

/** The element an HTML fragment of one element makes (built by the caller, so well formed). */
export function elementFromHtml(html: string): ElementNode | null {
  const root = parseHtml(html);
  const first = root?.children[0];
  return first?.kind === "element" && root?.children.length === 1 ? first : null;
}

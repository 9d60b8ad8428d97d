import { renderInline, type InlineEnv } from "./inline";

/**
 * Renders blank-line-separated blocks (blocks.ts's `renderBlocks`). A list item holds blocks and
 * a block may be a list, so the block parser comes in as a parameter: lists.ts builds the list
 * structure, and what an item holds goes back to the caller's grammar.
 */
export type BlockRenderer = (env: InlineEnv, lines: readonly string[], depth: number) => string;

const ITEM_RE = /^( *)([*+-]|\d{1,9}\.) +(.*)$/;

/** Whether a line starts a list item (up to 3 spaces of indentation). */
export function isListItem(line: string): boolean {
  const m = ITEM_RE.exec(line);
  return m !== null && (m[1] ?? "").length < 4;
}

interface Item {
  lines: string[];
  /** Further blocks (indented after a blank line). */
  blocks: string[][];
  loose: boolean;
  child: List | null;
}

interface List {
  ordered: boolean;
  start: number;
  indent: number;
  items: Item[];
  parent: List | null;
}

function newItem(text: string): Item {
  return { lines: [text], blocks: [], loose: false, child: null };
}

/** Adds one line of a list block to the tree whose innermost open list is `current`. */
function addLine(current: List, line: string, depth: number): List {
  const m = ITEM_RE.exec(line);
  if (!m) {
    deepestItem(current)?.lines.push(line);
    return current;
  }
  const indent = (m[1] ?? "").length;
  const ordered = /\d/.test(m[2] ?? "");
  let list = current;
  while (list.parent && indent < list.indent) list = list.parent;
  const last = list.items.at(-1);
  if (indent >= list.indent + 2 && last && depth + nesting(list) < 20) {
    const child: List = {
      ordered,
      start: Number.parseInt(m[2] ?? "1", 10) || 1,
      indent,
      items: [],
      parent: list,
    };
    if (last.child) last.child.items.push(newItem(m[3] ?? ""));
    else {
      child.items.push(newItem(m[3] ?? ""));
      last.child = child;
    }
    return last.child;
  }
  list.items.push(newItem(m[3] ?? ""));
  return list;
}

function nesting(list: List): number {
  let n = 0;
  for (let l: List | null = list; l; l = l.parent) n++;
  return n;
}

function deepestItem(list: List): Item | undefined {
  const item = list.items.at(-1);
  return item?.child ? (deepestItem(item.child) ?? item) : item;
}

function itemAtLevel(root: List, level: number): Item | undefined {
  let item = root.items.at(-1);
  for (let k = 0; k < level && item?.child; k++) item = item.child.items.at(-1);
  return item;
}

/**
 * Renders the list starting at `blocks[start]`, continuing through later blocks that are items
 * of the same kind or indented continuations (which make the items they join loose).
 */
export function renderList(
  env: InlineEnv,
  blocks: readonly (readonly string[])[],
  start: number,
  depth: number,
  renderBlocks: BlockRenderer,
): { html: string; next: number } {
  const first = ITEM_RE.exec(blocks[start]?.[0] ?? "");
  const ordered = /\d/.test(first?.[2] ?? "");
  const root: List = {
    ordered,
    start: Number.parseInt(first?.[2] ?? "1", 10) || 1,
    indent: 0,
    items: [],
    parent: null,
  };
  let i = start;
  for (; i < blocks.length; i++) {
    const block = blocks[i] ?? [];
    const head = block[0] ?? "";
    const m = ITEM_RE.exec(head);
    if (i > start) {
      const indent = head.length - head.trimStart().length;
      if (m && (m[1] ?? "").length < 2 && /\d/.test(m[2] ?? "") === ordered) {
        const last = root.items.at(-1);
        if (last) last.loose = true;
      } else if (indent >= 2) {
        const item = itemAtLevel(root, Math.floor(indent / 2) - 1);
        if (!item) break;
        item.loose = true;
        const dedent = Math.min(...block.map((l) => l.length - l.trimStart().length));
        item.blocks.push(block.map((l) => l.slice(dedent)));
        continue;
      } else break;
    }
    let current = root;
    const before = root.items.length;
    for (const line of block) current = addLine(current, line, depth);
    if (i > start) root.items.slice(before, before + 1).forEach((item) => (item.loose = true));
  }
  return { html: listHtml(env, root, depth, renderBlocks), next: i };
}

function listHtml(env: InlineEnv, list: List, depth: number, renderBlocks: BlockRenderer): string {
  const tag = list.ordered ? "ol" : "ul";
  const start = list.ordered && list.start !== 1 ? ` start="${String(list.start)}"` : "";
  const items = list.items.map((item) => itemHtml(env, item, depth, renderBlocks));
  return `<${tag}${start}>\n${items.join("\n")}\n</${tag}>`;
}

function itemHtml(env: InlineEnv, item: Item, depth: number, renderBlocks: BlockRenderer): string {
  env.budget.charge(8);
  const child = item.child ? `${listHtml(env, item.child, depth + 1, renderBlocks)}\n` : "";
  const text = renderInline(env, item.lines.join("\n"));
  if (!item.loose) return `<li>${text}${child}</li>`;
  const extra = item.blocks.map((block) => `${renderBlocks(env, block, depth + 1)}\n`).join("");
  return `<li>\n<p>${text}</p>\n${extra}${child}</li>`;
}

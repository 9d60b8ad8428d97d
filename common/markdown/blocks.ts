import { MAX_DEPTH, splitFences, type Fence, type FenceRenderers, type Part } from "./fences";
import { highlight } from "./highlight";
import { renderInline, type InlineEnv } from "./inline";
import { isListItem, renderList } from "./lists";
import { blockMath } from "./math";
import { renderTable, isTable } from "./table";

function paragraph(env: InlineEnv, lines: readonly string[]): string {
  return `<p>${renderInline(env, lines.join("\n").trimStart())}</p>`;
}

/** Renders a whole message (or a quote's inside): fences first, then blocks. */
export function renderLines(env: InlineEnv, lines: readonly string[], depth: number): string {
  const renderers: FenceRenderers = {
    code: (body, lang) => highlight(body, lang),
    math: (body) => blockMath(body, env.budget),
    container: (parts, fence, d) => container(env, parts, fence, d),
  };
  return renderParts(env, splitFences(lines, 0, null, depth, renderers).parts, depth);
}

function renderParts(env: InlineEnv, parts: readonly Part[], depth: number): string {
  return parts
    .map((part) => ("html" in part ? part.html : renderBlocks(env, part.lines, depth)))
    .filter((html) => html !== "")
    .join("\n");
}

function container(env: InlineEnv, parts: readonly Part[], fence: Fence, depth: number): string {
  const inside = renderParts(env, parts, depth);
  if (fence.lang === "quote") return `<blockquote>\n${inside}\n</blockquote>`;
  const header = fence.header.trim() === "" ? "" : `${paragraph(env, [fence.header.trim()])}\n`;
  return (
    `<div class="spoiler-block"><div class="spoiler-header">\n${header}</div>` +
    `<div class="spoiler-content" aria-hidden="true">\n${inside}\n</div></div>`
  );
}

const LI_RE = /^ *([*+-]|\d\.) +/;

/** Zulip's MarkdownListPreprocessor: a list hanging off a paragraph gets a blank line first. */
function separateHangingLists(lines: readonly string[]): string[] {
  const out: string[] = [];
  lines.forEach((line, i) => {
    const previous = i > 0 ? (lines[i - 1] ?? "") : "";
    const li1 = LI_RE.exec(previous);
    const li2 = LI_RE.exec(line);
    if (
      i > 0 &&
      previous.trim() !== "" &&
      li2 &&
      (!li1 || ((li1[1] ?? "").length === 1) !== ((li2[1] ?? "").length === 1))
    ) {
      out.push("");
    }
    out.push(line);
  });
  return out;
}

/** Splits lines into blank-line-separated blocks. */
function toBlocks(lines: readonly string[]): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === "") {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else if (HEADING_RE.test(line)) {
      // Python-Markdown's hash-header processor splits the block around the heading.
      if (current.length > 0) blocks.push(current);
      blocks.push([line]);
      current = [];
    } else current.push(line.replace(/\t/g, "    "));
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

const HEADING_RE = /^#{1,6}[ \t]/;

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** Python-Markdown's block processors, as Zulip configures them. */
function renderBlocks(env: InlineEnv, lines: readonly string[], depth: number): string {
  const blocks = toBlocks(separateHangingLists(lines));
  const out: string[] = [];
  let i = 0;
  while (i < blocks.length) {
    env.budget.charge(16);
    const block = blocks[i] ?? [];
    const first = block[0] ?? "";
    if (indentOf(first) >= 4) {
      const code: string[] = [...block];
      while (i + 1 < blocks.length && indentOf(blocks[i + 1]?.[0] ?? "") >= 4)
        code.push("", ...(blocks[++i] ?? []));
      out.push(
        highlight(
          code.map((l) => l.slice(4)),
          "",
        ),
      );
      i++;
      continue;
    }
    if (block.length === 1 && HEADING_RE.test(first)) {
      out.push(headingHtml(env, first));
      i++;
      continue;
    }
    if (isTable(block)) {
      out.push(renderTable(env, block));
      i++;
      continue;
    }
    if (isListItem(first) && depth < MAX_DEPTH) {
      const list = renderList(env, blocks, i, depth, renderBlocks);
      out.push(list.html);
      i = list.next;
      continue;
    }
    const quoteStart = block.findIndex((line) => /^ {0,3}>/.test(line));
    if (quoteStart >= 0 && !block.slice(quoteStart).every((l) => /^ {0,3}>\s*$/.test(l))) {
      if (quoteStart > 0) out.push(paragraph(env, block.slice(0, quoteStart)));
      out.push(quoteHtml(env, block.slice(quoteStart), depth));
      i++;
      continue;
    }
    out.push(paragraph(env, block));
    i++;
  }
  return out.join("\n");
}

function headingHtml(env: InlineEnv, line: string): string {
  const level = /^#+/.exec(line)?.[0].length ?? 1;
  const text = line
    .slice(level)
    .trim()
    .replace(/[ \t]+#+$/, "")
    .replace(/^#+$/, "");
  return `<h${String(level)}>${renderInline(env, text)}</h${String(level)}>`;
}

function quoteHtml(env: InlineEnv, block: readonly string[], depth: number): string {
  if (depth >= MAX_DEPTH) return paragraph(env, block);
  const inner = block.map((line) => line.replace(/^ {0,3}> ?/, ""));
  return `<blockquote>\n${renderBlocks(env, inner, depth + 1)}\n</blockquote>`;
}

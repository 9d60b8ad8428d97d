import { renderInline, type InlineEnv } from "./inline";

const SEPARATOR = /^[ |:-]+$/;

function cells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  return row.split("|").map((cell) => cell.trim());
}

/** Python-Markdown's tables: a header row, a `---|---` separator, then rows. */
export function isTable(block: readonly string[]): boolean {
  const header = block[0] ?? "";
  const separator = block[1] ?? "";
  return (
    block.length >= 2 &&
    header.includes("|") &&
    SEPARATOR.test(separator) &&
    separator.includes("-")
  );
}

/** Renders a table block as Python-Markdown does (alignment is not kept). */
export function renderTable(env: InlineEnv, block: readonly string[]): string {
  const head = cells(block[0] ?? "");
  const row = (line: string, tag: string): string => {
    const values = cells(line);
    const html = head.map((_, k) => `<${tag}>${renderInline(env, values[k] ?? "")}</${tag}>`);
    return `<tr>\n${html.join("\n")}\n</tr>`;
  };
  const body = block.slice(2).map((line) => row(line, "td"));
  return (
    `<table>\n<thead>\n${row(block[0] ?? "", "th")}\n</thead>\n` +
    `<tbody>\n${body.map((r) => `${r}\n`).join("")}</tbody>\n</table>`
  );
}

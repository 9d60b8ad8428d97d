/** Zulip's fenced blocks (code, ```quote, ```spoiler, ```math), found before block parsing. */

/** An opening fence line. */
export interface Fence {
  fence: string;
  lang: string;
  header: string;
}

const LANG_CHAR = /[A-Za-z0-9_+,\-./#]/;

/** Zulip's FENCE_RE, parsed by hand (the regex backtracks on long lines). */
function parseFence(line: string): Fence | null {
  const marker = line.charAt(0);
  if (marker !== "`" && marker !== "~") return null;
  let i = 0;
  while (line.charAt(i) === marker) i++;
  if (i < 3) return null;
  const fence = line.slice(0, i);
  const rest = line.slice(i);
  if (rest.includes("`") || rest.includes("~")) return null;
  let j = 0;
  while (rest.charAt(j) === " ") j++;
  const braced = rest.charAt(j) === "{";
  if (braced) j++;
  if (rest.charAt(j) === ".") j++;
  const langStart = j;
  while (j < rest.length && LANG_CHAR.test(rest.charAt(j))) j++;
  const lang = rest.slice(langStart, j);
  while (rest.charAt(j) === " ") j++;
  let header = rest.slice(j);
  if (braced && header.endsWith("}")) header = header.slice(0, -1);
  if (header.startsWith(" ")) return null;
  return { fence, lang, header };
}

/** A piece of a message: plain lines for the block parser, or finished HTML. */
export type Part = { lines: string[] } | { html: string };

/** Renders what fenced blocks contain; supplied by the block renderer. */
export interface FenceRenderers {
  code(lines: readonly string[], lang: string): string;
  math(lines: readonly string[]): string;
  container(parts: readonly Part[], fence: Fence, depth: number): string;
}

/** Maximum nesting of quotes, spoilers and lists; deeper content stays text. */
export const MAX_DEPTH = 24;

/**
 * Splits lines into parts at fences (Zulip's FencedBlockPreprocessor): a quote or spoiler
 * closes on a line equal to its fence; code and math take every line up to theirs.
 */
export function splitFences(
  lines: readonly string[],
  start: number,
  close: string | null,
  depth: number,
  render: FenceRenderers,
): { parts: Part[]; next: number } {
  const parts: Part[] = [];
  let buffer: string[] = [];
  const flush = (): void => {
    if (buffer.length > 0) parts.push({ lines: buffer });
    buffer = [];
  };
  let i = start;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (close !== null && line.trimEnd() === close) {
      flush();
      return { parts, next: i + 1 };
    }
    const fence = parseFence(line);
    if (!fence) {
      buffer.push(line);
      i++;
      continue;
    }
    flush();
    const lang = fence.lang.toLowerCase();
    if ((lang === "quote" || lang === "spoiler") && depth < MAX_DEPTH) {
      const inner = splitFences(lines, i + 1, fence.fence, depth + 1, render);
      parts.push({ html: render.container(inner.parts, { ...fence, lang }, depth + 1) });
      i = inner.next;
      continue;
    }
    let end = i + 1;
    while (end < lines.length && (lines[end] ?? "").trimEnd() !== fence.fence) end++;
    const body = lines.slice(i + 1, end).map((l) => l.trimEnd());
    parts.push({ html: lang === "math" ? render.math(body) : render.code(body, fence.lang) });
    i = end + 1;
  }
  flush();
  return { parts, next: i };
}

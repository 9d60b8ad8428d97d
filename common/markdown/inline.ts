import type { Budget } from "./budget";
import { escapeText } from "./escape";
import { POSSIBLE_EMOJI_RE, unicodeSequenceHtml } from "./emoji";
import type { RenderContext } from "./types";

/** What a render collects besides HTML. */
interface Mentions {
  users: Set<number>;
  groups: Set<number>;
  wildcard: boolean;
}

/** Everything inline patterns may read during one render. */
export interface InlineEnv {
  context: RenderContext;
  budget: Budget;
  mentions: Mentions;
  patterns: readonly InlinePattern[];
  /** HTML of the elements placeholders stand for. */
  stash: string[];
}

/** One text being scanned by one pattern. `before`/`after`: the characters around it. */
export interface Scan {
  text: string;
  /** "" = start of the message part; PLACEHOLDER = an element precedes. */
  before: string;
  after: string;
  env: InlineEnv;
  insideLink: boolean;
}

/** A match: either final HTML, or a container whose inner text later patterns process. */
export interface InlineMatch {
  start: number;
  end: number;
  html?: string;
  open?: string;
  inner?: string;
  close?: string;
  /** The inner text is inside a link (no links in it). */
  link?: boolean;
}

/** Finds the next match at or after `from` in the scan's text (linear over successive calls). */
type Finder = (from: number) => InlineMatch | null;

/** An inline pattern, applied in priority order as Python-Markdown does. */
export interface InlinePattern {
  name: string;
  /** The pattern can only match text containing one of these characters (a fast skip). */
  trigger?: string;
  create(scan: Scan): Finder;
}

/** Opens and closes a placeholder for an element already produced (as Python-Markdown does). */
const PLACEHOLDER_OPEN = "\u0002";
const PLACEHOLDER = "\u0003";
// eslint-disable-next-line no-control-regex -- the placeholder characters are control characters
const PLACEHOLDER_RE = /\u0002([0-9a-z]{1,8})\u0003/g;

/**
 * Applies patterns `level…` to `text` in priority order. Each match is replaced by a
 * placeholder (so later patterns see it as one opaque character, and `**[a](b)**` still works);
 * a container's inner text goes through the later patterns at once. The recursion depth is
 * bounded by the number of patterns.
 */
function runInline(
  env: InlineEnv,
  text: string,
  level: number,
  around: Omit<Scan, "text" | "env">,
): string {
  let current = text;
  for (let index = level; index < env.patterns.length && current !== ""; index++) {
    const pattern = env.patterns[index];
    if (!pattern) break;
    if (pattern.trigger !== undefined && !containsAny(current, pattern.trigger)) continue;
    env.budget.charge(current.length + 8);
    const find = pattern.create({ text: current, env, ...around });
    let out = "";
    let pos = 0;
    for (let match = find(0); match; match = find(Math.max(match.end, match.start + 1))) {
      if (match.start < pos) continue;
      let html = match.html;
      if (html === undefined) {
        const inside = {
          before: "",
          after: "",
          insideLink: around.insideLink || match.link === true,
        };
        html =
          (match.open ?? "") +
          runInline(env, match.inner ?? "", index + 1, inside) +
          (match.close ?? "");
      }
      env.stash.push(html);
      out += `${current.slice(pos, match.start)}${PLACEHOLDER_OPEN}${(env.stash.length - 1).toString(36)}${PLACEHOLDER}`;
      pos = match.end;
    }
    if (pos > 0) current = out + current.slice(pos);
  }
  return expand(env, current);
}

/** Renders inline text (one paragraph's worth, a table cell, a list item's first lines). */
export function renderInline(env: InlineEnv, text: string): string {
  return runInline(env, text, 0, { before: "", after: "", insideLink: false });
}

function containsAny(text: string, characters: string): boolean {
  for (const c of characters) if (text.includes(c)) return true;
  return false;
}

/** Plain text through `finalText`, placeholders back to their HTML. */
function expand(env: InlineEnv, text: string): string {
  let out = "";
  let pos = 0;
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    out +=
      finalText(text.slice(pos, m.index), env.budget) +
      (env.stash[Number.parseInt(m[1] ?? "", 36)] ?? "");
    pos = m.index + m[0].length;
  }
  return out + finalText(text.slice(pos), env.budget);
}

// eslint-disable-next-line no-control-regex -- ASCII fast path
const ASCII = /^[\u0000-\u007f]*$/;

/** The last steps: `nl2br`, then Unicode emoji, then escaping. */
function finalText(text: string, budget: Budget): string {
  if (text === "") return "";
  const lines = text.split("\n");
  return lines
    .map((line) => (ASCII.test(line) ? escapeText(line) : withUnicodeEmoji(line, budget)))
    .join("<br>\n");
}

function withUnicodeEmoji(line: string, budget: Budget): string {
  budget.charge(line.length * 4);
  let out = "";
  let pos = 0;
  for (const match of line.matchAll(POSSIBLE_EMOJI_RE)) {
    const html = unicodeSequenceHtml(match[0]);
    if (html === null) continue;
    out += escapeText(line.slice(pos, match.index)) + html;
    pos = match.index + match[0].length;
  }
  return out + escapeText(line.slice(pos));
}

/** A cached `indexOf` for increasing start positions (keeps repeated searches linear). */
export class NextIndex {
  private from = Number.POSITIVE_INFINITY;
  private result = -1;

  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}

  /** `text.indexOf(needle, from)`. */
  next(from: number): number {
    if (from >= this.from && (this.result === -1 || this.result >= from)) return this.result;
    this.from = from;
    this.result = this.text.indexOf(this.needle, from);
    return this.result;
  }
}

/** The character before index `i` of the scan's text. */
export function charBefore(scan: Scan, i: number): string {
  return i > 0 ? scan.text.charAt(i - 1) : scan.before;
}

/** The character at index `i`, or the one after the text. */
export function charAt(scan: Scan, i: number): string {
  return i < scan.text.length ? scan.text.charAt(i) : scan.after;
}

/** Calls `tryAt` at each occurrence of `needle` from `from` until it returns a match. */
export function scanFor(
  scan: Scan,
  from: number,
  needle: string,
  tryAt: (i: number) => InlineMatch | null,
): InlineMatch | null {
  for (let i = scan.text.indexOf(needle, from); i >= 0; i = scan.text.indexOf(needle, i + 1)) {
    scan.env.budget.charge(1);
    const match = tryAt(i);
    if (match) return match;
  }
  return null;
}

import { RE2JS } from "re2js";
import { parseTemplate } from "url-template";
import { escapeAttr, escapeText } from "./escape";
import { charBefore, type InlinePattern } from "./inline";
import type { RenderContext } from "./types";
import { matchWebLink, sanitizeUrl, webLinkMemo } from "./urls";

type Linkifier = RenderContext["linkifiers"][number];

/** A linkifier ready to run: the wrapped RE2 program and its URL expansion. */
export interface CompiledLinkifier {
  id: number;
  /** The pattern alone: a fast (DFA) pre-check, since the wrapped one needs it to match. */
  plain: RE2JS;
  regex: RE2JS;
  groups: readonly string[];
  expand: (groups: ReadonlyMap<string, string>) => string;
}

/** Patterns longer than this, or repeating more than MAX_REPEAT in total, are skipped. */
const MAX_PATTERN_LENGTH = 500;
const MAX_REPEAT = 64;
/** At most this many linkifiers run on one message. */
const MAX_LINKIFIERS = 32;
const ACTUAL = "linkifier_actual_match";
/** Work units one linkifier match costs (RE2 captures and URL expansion are slow). */
const MATCH_COST = 500;

function repeatTotal(pattern: string): number {
  let total = 0;
  for (const m of pattern.matchAll(/\{(\d{1,6})(?:,(\d{0,6}))?\}/g)) {
    total += Math.max(Number(m[1]), Number(m[2] ?? 0));
  }
  return total;
}

function expander(template: string): CompiledLinkifier["expand"] {
  if (/%\([A-Za-z_]\w*\)s/.test(template)) {
    return (groups) =>
      template.replace(/%\(([A-Za-z_]\w*)\)s/g, (_, name: string) => groups.get(name) ?? "");
  }
  const parsed = parseTemplate(template);
  return (groups) => parsed.expand(Object.fromEntries(groups));
}

/** Compiles one linkifier Zulip's way, or null if RE2 rejects it or it is too big. */
export function compileLinkifier(linkifier: Linkifier): CompiledLinkifier | null {
  const { pattern } = linkifier;
  if (pattern.length > MAX_PATTERN_LENGTH || repeatTotal(pattern) > MAX_REPEAT) return null;
  try {
    const plain = RE2JS.compile(pattern); // must be valid on its own, not only in the wrapper
    const regex = RE2JS.compile(
      `(?:^|\\s|\\x{85}|\\pZ|['"(,:<])(?P<${ACTUAL}>${pattern})(?:$|[^\\pL\\pN])`,
    );
    const groups = Object.keys(regex.namedGroups()).filter((name) => name !== ACTUAL);
    return { id: linkifier.id, plain, regex, groups, expand: expander(linkifier.url_template) };
  } catch {
    return null;
  }
}

const compiled = new WeakMap<readonly Linkifier[], CompiledLinkifier[]>();
/** Also by content, for callers that rebuild an equal list per message (a few lists at most). */
const compiledByKey = new Map<string, CompiledLinkifier[]>();
const MAX_KEYED_LISTS = 16;

/** The compiled linkifiers of a list, memoized by the list's identity and by its content. */
export function compileLinkifiers(list: readonly Linkifier[]): CompiledLinkifier[] {
  let result = compiled.get(list);
  if (!result) {
    const key = JSON.stringify(list.map((l) => [l.id, l.pattern, l.url_template]));
    result = compiledByKey.get(key);
    if (!result) {
      result = list.slice(0, MAX_LINKIFIERS).flatMap((l) => compileLinkifier(l) ?? []);
      if (compiledByKey.size >= MAX_KEYED_LISTS) compiledByKey.clear();
      compiledByKey.set(key, result);
    }
    compiled.set(list, result);
  }
  return result;
}

interface Found {
  start: number;
  end: number;
  text: string;
  url: string | null;
}

/** Every match of a linkifier in `subject` (offset by the one context character in front). */
function* matches(linkifier: CompiledLinkifier, subject: string, offset: number): Generator<Found> {
  const matcher = linkifier.regex.matcher(subject);
  let from = 0;
  while (from <= subject.length && matcher.find(from)) {
    const start = matcher.start(ACTUAL);
    const end = matcher.end(ACTUAL);
    const groups = new Map<string, string>();
    for (const name of linkifier.groups) groups.set(name, matcher.group(name) ?? "");
    let url: string | null;
    try {
      url = sanitizeUrl(linkifier.expand(groups));
    } catch {
      url = null;
    }
    yield { start: start - offset, end: end - offset, text: subject.slice(start, end), url };
    from = Math.max(end, start + 1);
  }
}

/** One linkifier as an inline pattern (Zulip's priority 45–54). */
export function linkifierPattern(linkifier: CompiledLinkifier): InlinePattern {
  return {
    name: `linkifier-${String(linkifier.id)}`,
    create(scan) {
      if (scan.insideLink) return () => null;
      scan.env.budget.charge(scan.text.length);
      if (!linkifier.plain.test(scan.text)) return () => null;
      const before = scan.before === "" ? "" : charBefore(scan, 0);
      scan.env.budget.charge(scan.text.length * 20);
      const found = matches(linkifier, before + scan.text + scan.after, before.length);
      return (from) => {
        for (let next = found.next(); next.done !== true; next = found.next()) {
          const m = next.value;
          scan.env.budget.charge(MATCH_COST);
          if (m.start < from || m.url === null || m.end > scan.text.length) continue;
          return {
            start: m.start,
            end: m.end,
            html: `<a href="${escapeAttr(m.url)}">${escapeText(m.text)}</a>`,
          };
        }
        return null;
      };
    },
  };
}

/**
 * Zulip's `topic_links`: every linkifier in order, then raw URLs; overlaps dropped by precedence;
 * ordered by position. Unlike Zulip, every URL is scheme-checked (unsafe ones are dropped).
 */
export function topicLinks(
  topic: string,
  linkifiers: readonly Linkifier[],
): { text: string; url: string }[] {
  const candidates: (Found & { precedence: number })[] = [];
  compileLinkifiers(linkifiers).forEach((linkifier, precedence) => {
    for (const m of matches(linkifier, topic, 0)) candidates.push({ ...m, precedence });
  });
  const memo = webLinkMemo();
  for (let i = 0; i < topic.length; i++) {
    if (i > 0 && !/\s/.test(topic.charAt(i - 1))) continue;
    const end = matchWebLink(topic, i, "", memo);
    if (end < 0) continue;
    const text = topic.slice(i, end);
    const url = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
    candidates.push({
      start: i,
      end,
      text,
      url: sanitizeUrl(url),
      precedence: Number.MAX_SAFE_INTEGER,
    });
  }
  candidates.sort((a, b) => a.precedence - b.precedence || a.start - b.start);
  const kept: Found[] = [];
  for (const c of candidates) {
    if (kept.some((k) => c.start < k.end && k.start < c.end)) continue;
    kept.push(c);
  }
  return kept
    .sort((a, b) => a.start - b.start)
    .flatMap((k) => (k.url === null ? [] : [{ text: k.text, url: k.url }]));
}

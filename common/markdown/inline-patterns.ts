import { escapeAttr, escapeText } from "./escape";
import { charAt, charBefore, NextIndex, scanFor, type InlinePattern, type Scan } from "./inline";
import { mentionPattern, groupMentionPattern, streamPattern } from "./mentions";
import { renderTimestamp } from "./time";
import { inlineMath } from "./math";
import { emoji, emoticons, entity } from "./text-patterns";
import {
  matchWebLink,
  rewriteLocalLink,
  sanitizeUrl,
  urlMayStartAfter,
  webLinkHref,
  webLinkMemo,
} from "./urls";

const backtick: InlinePattern = {
  name: "backtick",
  trigger: "`",
  create(scan) {
    const runs: { start: number; length: number }[] = [];
    const text = scan.text;
    for (let i = text.indexOf("`"); i >= 0;) {
      let j = i;
      while (text.charAt(j) === "`") j++;
      if (charBefore(scan, i) !== "\\") runs.push({ start: i, length: j - i });
      i = text.indexOf("`", j);
    }
    const nextSame: number[] = new Array<number>(runs.length).fill(-1);
    const lastByLength = new Map<number, number>();
    for (let k = runs.length - 1; k >= 0; k--) {
      const run = runs[k];
      if (!run) continue;
      nextSame[k] = lastByLength.get(run.length) ?? -1;
      lastByLength.set(run.length, k);
    }
    let k = 0;
    return (from) => {
      for (; k < runs.length; k++) {
        const open = runs[k];
        const closeIndex = nextSame[k] ?? -1;
        if (!open || open.start < from || closeIndex < 0) continue;
        k = closeIndex + 1;
        const close = runs[closeIndex];
        if (!close) continue;
        const code = text.slice(open.start + open.length, close.start);
        return {
          start: open.start,
          end: close.start + close.length,
          html: `<code>${escapeText(code)}</code>`,
        };
      }
      return null;
    };
  },
};

/** `***x***`, `**x**`, `*x*`: Zulip's STRONG_EM_RE, STRONG_RE and EMPHASIS_RE. */
function starPattern(name: string, marker: string, open: string, close: string): InlinePattern {
  return {
    name,
    trigger: "*",
    create(scan) {
      const stars = new NextIndex(scan.text, "*");
      const doubles = new NextIndex(scan.text, "**");
      const newlines = new NextIndex(scan.text, "\n");
      return (from) =>
        scanFor(scan, from, marker, (i) => {
          const contentStart = i + marker.length;
          let end: number;
          if (marker === "**") {
            end = doubles.next(contentStart + 1);
          } else {
            end = stars.next(contentStart);
            if (marker === "***" && !scan.text.startsWith("***", end)) return null;
          }
          if (end <= contentStart) return null;
          const newline = newlines.next(contentStart);
          if (newline >= 0 && newline < end) return null;
          const inner = scan.text.slice(contentStart, end);
          if (marker !== "**" && (/^\s|\s$/.test(inner) || (marker === "*" && inner.includes("^"))))
            return null;
          return { start: i, end: end + marker.length, open, inner, close };
        });
    },
  };
}

const del: InlinePattern = {
  name: "del",
  trigger: "~",
  create(scan) {
    const tildes = new NextIndex(scan.text, "~");
    return (from) =>
      scanFor(scan, from, "~~", (i) => {
        if (charBefore(scan, i) === "~") return null;
        const end = tildes.next(i + 2);
        if (end <= i + 2 || !scan.text.startsWith("~~", end) || charAt(scan, end + 2) === "~")
          return null;
        const inner = scan.text.slice(i + 2, end);
        if (inner.includes("\n")) return null;
        return { start: i, end: end + 2, open: "<del>", inner, close: "</del>" };
      });
  },
};

const tex: InlinePattern = {
  name: "tex",
  trigger: "$",
  create(scan) {
    const dollars = new NextIndex(scan.text, "$$");
    const word = /[\p{L}\p{N}_]/u;
    return (from) =>
      scanFor(scan, from, "$$", (i) => {
        const previous = charBefore(scan, i);
        if (previous === "$" || word.test(previous)) return null;
        const first = scan.text.charAt(i + 2);
        if (first === "" || "\n_$".includes(first)) return null;
        let end = dollars.next(i + 3);
        while (end >= 0 && scan.text.charAt(end - 1) === "\\")
          end = scan.text.indexOf("$$", end + 1);
        if (end < 0 || scan.text.slice(i + 2, end).includes("\n")) return null;
        const following = charAt(scan, end + 2);
        if (following === "$" || word.test(following)) return null;
        const source = scan.text.slice(i, end + 2);
        return {
          start: i,
          end: end + 2,
          html: inlineMath(source, source.slice(2, -2), scan.env.budget),
        };
      });
  },
};

const timestamp: InlinePattern = {
  name: "timestamp",
  trigger: "<",
  create(scan) {
    const closers = new NextIndex(scan.text, ">");
    return (from) =>
      scanFor(scan, from, "<time:", (i) => {
        const end = closers.next(i + 6);
        if (end < 0) return null;
        return { start: i, end: end + 1, html: renderTimestamp(scan.text.slice(i + 6, end)) };
      });
  },
};

/** Matching closer index for every opener (`[`/`]`, `(`/`)`), in one linear pass. */
function matchPairs(text: string, open: string, close: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === open) stack.push(i);
    else if (c === close) {
      const start = stack.pop();
      if (start !== undefined) pairs.set(start, i);
    }
  }
  return pairs;
}

function linkHref(raw: string, scan: Scan): string | null {
  let url = raw.trim();
  const titled = /^(\S+)\s+"[^"]*"$/.exec(url);
  if (titled) url = titled[1] ?? url;
  if (url.startsWith("<") && url.endsWith(">")) url = url.slice(1, -1);
  const safe = sanitizeUrl(url);
  return safe === null ? null : rewriteLocalLink(safe, scan.env.context.realmUrl);
}

const link: InlinePattern = {
  name: "link",
  trigger: "[",
  create(scan) {
    const brackets = matchPairs(scan.text, "[", "]");
    const parens = matchPairs(scan.text, "(", ")");
    return (from) =>
      scanFor(scan, from, "[", (i) => {
        const close = brackets.get(i);
        if (close === undefined || scan.text.charAt(close + 1) !== "(") return null;
        const end = parens.get(close + 1);
        if (end === undefined) return null;
        const href = linkHref(scan.text.slice(close + 2, end), scan);
        if (href === null) return null;
        const text = scan.text.slice(i + 1, close);
        const open = `<a href="${escapeAttr(href)}">`;
        if (text.trim() === "")
          return { start: i, end: end + 1, html: `${open}${escapeText(href)}</a>` };
        return { start: i, end: end + 1, open, inner: text, close: "</a>", link: true };
      });
  },
};

const autolink: InlinePattern = {
  name: "autolink",
  trigger: ".@:",
  create(scan) {
    const memo = webLinkMemo();
    const text = scan.text;
    return (from) => {
      if (scan.insideLink) return null;
      for (let i = from; i < text.length; i++) {
        if (!urlMayStartAfter(charBefore(scan, i)) || /[\s(<'",:]/.test(text.charAt(i))) continue;
        scan.env.budget.charge(1);
        const end = matchWebLink(text, i, scan.after, memo);
        if (end < 0) continue;
        const url = text.slice(i, end);
        const href = rewriteLocalLink(webLinkHref(url), scan.env.context.realmUrl);
        if (sanitizeUrl(href) === null) continue;
        return { start: i, end, html: `<a href="${escapeAttr(href)}">${escapeText(url)}</a>` };
      }
      return null;
    };
  },
};

/** Zulip's inline patterns in priority order; linkifiers go between autolink and entity. */
export function inlinePatterns(linkifiers: readonly InlinePattern[]): InlinePattern[] {
  return [
    backtick,
    starPattern("strong_em", "***", "<strong><em>", "</em></strong>"),
    mentionPattern,
    tex,
    streamPattern,
    timestamp,
    groupMentionPattern,
    link,
    autolink,
    ...linkifiers,
    entity,
    starPattern("strong", "**", "<strong>", "</strong>"),
    starPattern("emphasis", "*", "<em>", "</em>"),
    del,
    emoji,
    emoticons,
  ];
}

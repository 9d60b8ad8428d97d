import { EMOTICONS, namedEmojiHtml } from "./emoji";
import { charAt, charBefore, scanFor, type InlinePattern } from "./inline";

/** HTML entities pass through as entities (Python-Markdown's ENTITY_RE). */
export const entity: InlinePattern = {
  name: "entity",
  trigger: "&",
  create(scan) {
    const re = /&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[a-zA-Z0-9]{1,32});/y;
    return (from) =>
      scanFor(scan, from, "&", (i) => {
        re.lastIndex = i;
        const m = re.exec(scan.text);
        return m ? { start: i, end: i + m[0].length, html: m[0] } : null;
      });
  },
};

/** `:name:` emoji (custom, `:zulip:`, Unicode). */
export const emoji: InlinePattern = {
  name: "emoji",
  trigger: ":",
  create(scan) {
    const nameChar = /[\p{L}\p{N}_+-]/u;
    return (from) => {
      for (let i = scan.text.indexOf(":", from); i >= 0;) {
        let k = i + 1;
        while (k < scan.text.length && nameChar.test(scan.text.charAt(k))) k++;
        if (k === i + 1 || scan.text.charAt(k) !== ":") {
          i = scan.text.indexOf(":", i + 1);
          continue;
        }
        const html = namedEmojiHtml(scan.text.slice(i + 1, k), scan.env.context);
        if (html !== null) return { start: i, end: k + 1, html };
        i = scan.text.indexOf(":", k + 1);
      }
      return null;
    };
  },
};

/**
 * Zulip's `terminal_symbols` around an emoticon (zerver/lib/emoji.py's `EMOTICON_RE`): the start
 * or end of the text, or one of these.
 */
const EMOTICON_EDGE = " \n\t,.;?!()[]\"'";

/** `:)` and friends, with `translateEmoticons`. */
export const emoticons: InlinePattern = {
  name: "translate_emoticons",
  trigger: ":(<;",
  create(scan) {
    const edge = (c: string): boolean => c === "" || EMOTICON_EDGE.includes(c);
    return (from) => {
      if (scan.env.context.translateEmoticons !== true) return null;
      for (let i = from; i < scan.text.length - 1; i++) {
        const name = EMOTICONS.get(scan.text.slice(i, i + 2));
        if (name === undefined || !edge(charBefore(scan, i)) || !edge(charAt(scan, i + 2)))
          continue;
        const html = namedEmojiHtml(name, scan.env.context);
        if (html !== null) return { start: i, end: i + 2, html };
      }
      return null;
    };
  },
};

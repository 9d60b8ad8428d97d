import { htmlItems, type HtmlItem } from "./html-tokens";
import { commonEnds, diffSequences } from "./word-diff";

const INSERTED = '<span class="highlight_text_inserted">';
const DELETED = '<span class="highlight_text_deleted">';
const CLOSE = "</span>";

type WordItem = Extract<HtmlItem, { kind: "word" }>;

function isWord(item: HtmlItem): item is WordItem {
  return item.kind === "word";
}

/** A changed word kept whole apart from its changed middle: `prefix`, the old and new middles, `suffix`. */
interface RefinedWord {
  prefix: string;
  deleted: string;
  inserted: string;
  suffix: string;
}

/** The characters of a word's HTML text, an escape (`&amp;`) counting as one so none is split. */
function textUnits(html: string): string[] {
  return html.match(/&#?[0-9a-zA-Z]+;|[\s\S]/gu) ?? [];
}

/**
 * The old and new word as one changed middle between a common start and end ("colo|u|r"), when
 * what they share is more than half of the longer: a small change then reads as itself, not as
 * the whole word deleted and another inserted. Null when they are better shown as two words.
 */
function refineWord(oldHtml: string, newHtml: string): RefinedWord | null {
  const a = textUnits(oldHtml);
  const b = textUnits(newHtml);
  const { prefix, suffix } = commonEnds(a, b);
  if (2 * (prefix + suffix) <= Math.max(a.length, b.length)) return null;
  return {
    prefix: b.slice(0, prefix).join(""),
    deleted: a.slice(prefix, a.length - suffix).join(""),
    inserted: b.slice(prefix, b.length - suffix).join(""),
    suffix: b.slice(b.length - suffix).join(""),
  };
}

/** What changed on the new side: inserted words, words changed within, and deletions by place. */
interface Changes {
  readonly inserted: ReadonlySet<number>;
  readonly refined: ReadonlyMap<number, RefinedWord>;
  /** Deleted old words (as HTML text) by the new word index they come before. */
  readonly deletions: ReadonlyMap<number, string>;
}

/** Writes the new side's structure with highlight spans around inserted and deleted words. */
class DiffWriter {
  private readonly out: string[] = [];
  private isInsertOpen = false;

  constructor(
    private readonly items: readonly HtmlItem[],
    private readonly wordCount: number,
    private readonly changes: Changes,
  ) {}

  write(): string {
    let wordIndex = 0;
    this.items.forEach((item, index) => {
      if (item.kind === "markup") {
        this.closeInsert();
        this.out.push(item.html);
        return;
      }
      this.writeWord(item, wordIndex, this.items[index + 1]);
      wordIndex++;
    });
    this.closeInsert();
    const everything = wordIndex === 0 ? this.changes.deletions.get(0) : undefined;
    if (everything !== undefined) this.out.push(DELETED, everything, CLOSE);
    return this.out.join("");
  }

  private writeWord(word: WordItem, index: number, next: HtmlItem | undefined): void {
    const { inserted, refined, deletions } = this.changes;
    // Zulip's order within a replacement: the deleted words, then the inserted ones.
    const deletedBefore = deletions.get(index);
    if (deletedBefore !== undefined) {
      this.closeInsert();
      // A link target follows its text directly; its change stands apart from it.
      if (word.hidden) this.separate();
      this.out.push(DELETED, deletedBefore, CLOSE, " ");
    }
    const isInserted = inserted.has(index);
    const change = refined.get(index);
    if (word.hidden) {
      // A link target shows only when it changed, as its own span after the link text.
      if (isInserted) {
        this.closeInsert();
        this.separate();
        this.out.push(INSERTED, word.html, CLOSE);
      }
    } else if (change !== undefined) {
      this.closeInsert();
      this.out.push(change.prefix);
      if (change.deleted !== "") this.out.push(DELETED, change.deleted, CLOSE);
      if (change.inserted !== "") this.out.push(INSERTED, change.inserted, CLOSE);
      this.out.push(change.suffix);
    } else if (isInserted) {
      if (!this.isInsertOpen) this.out.push(INSERTED);
      this.isInsertOpen = true;
      this.out.push(word.html);
    } else {
      this.closeInsert();
      this.out.push(word.html);
    }
    const deletedAtEnd = index + 1 === this.wordCount ? deletions.get(index + 1) : undefined;
    if (deletedAtEnd !== undefined) {
      this.closeInsert();
      if (word.trailing === "") this.separate();
      else this.out.push(word.trailing);
      this.out.push(DELETED, deletedAtEnd, CLOSE);
      return;
    }
    const continues =
      isInserted &&
      !word.hidden &&
      next?.kind === "word" &&
      !next.hidden &&
      inserted.has(index + 1) &&
      !deletions.has(index + 1);
    if (!continues) this.closeInsert();
    this.out.push(word.trailing);
  }

  /** A space before a span, unless the output already ends in whitespace. */
  private separate(): void {
    const last = this.out.findLast((chunk) => chunk !== "");
    if (last !== undefined && !/[\t\n\f\r ]$/.test(last)) this.out.push(" ");
  }

  private closeInsert(): void {
    if (this.isInsertOpen) this.out.push(CLOSE);
    this.isInsertOpen = false;
  }
}

/** The pair as a word changed within, when neither is a link target and they share most. */
function refinePair(old: WordItem | undefined, word: WordItem | undefined): RefinedWord | null {
  if (old === undefined || word === undefined || old.hidden || word.hidden) return null;
  return refineWord(old.html, word.html);
}

/**
 * The changes of the new side from the diff's blocks. Within a replacement, words at its start
 * and end that share most of their text with the old words there are marked within (only what
 * changed: "garden" → "garden<ins>,</ins> <ins>bring bread</ins>"); the rest is its deleted
 * words, then its inserted ones.
 */
function changesOf(oldWords: readonly WordItem[], newWords: readonly WordItem[]): Changes {
  const blocks = diffSequences(
    oldWords.map((word) => word.key),
    newWords.map((word) => word.key),
  );
  const inserted = new Set<number>();
  const refined = new Map<number, RefinedWord>();
  const deletions = new Map<number, string>();
  for (const block of blocks) {
    if (block.equal) continue;
    let { oldStart, oldEnd, newStart, newEnd } = block;
    for (;;) {
      const pair = oldStart < oldEnd ? refinePair(oldWords[oldStart], newWords[newStart]) : null;
      if (pair === null || newStart >= newEnd) break;
      refined.set(newStart, pair);
      oldStart++;
      newStart++;
    }
    for (;;) {
      const pair =
        oldStart < oldEnd ? refinePair(oldWords[oldEnd - 1], newWords[newEnd - 1]) : null;
      if (pair === null || newStart >= newEnd) break;
      refined.set(newEnd - 1, pair);
      oldEnd--;
      newEnd--;
    }
    for (let index = newStart; index < newEnd; index++) inserted.add(index);
    if (oldEnd > oldStart) {
      const words = oldWords.slice(oldStart, oldEnd).map((word) => word.html);
      deletions.set(newStart, words.join(" "));
    }
  }
  return { inserted, refined, deletions };
}

/**
 * A word-level diff of two rendered HTML fragments, shaped like Zulip's `content_html_diff`:
 * wrapped in `<div>`, inserted text in `<span class="highlight_text_inserted">`, deleted text
 * in `<span class="highlight_text_deleted">`, a changed link target as `Link: <url>` text
 * inside the link. Unlike lxml's `htmldiff` (whole words, insertion first), it marks only what
 * changed: a word changed in part keeps its unchanged start and end unmarked, and a deletion
 * comes before the insertion that replaces it, as Zulip's web client shows an edit. The output keeps the new side's elements and is well-formed for any pair of inputs:
 * highlight spans only ever hold text, and every tag is rebuilt from a checked name and escaped
 * attributes (a text differ over raw HTML once produced `<img src="a"<span …>` in Zulip).
 */
export function htmlDiff(oldHtml: string, newHtml: string): string {
  const oldWords = htmlItems(oldHtml).filter(isWord);
  const newItems = htmlItems(newHtml);
  const newWords = newItems.filter(isWord);
  const changes = changesOf(oldWords, newWords);
  return `<div>${new DiffWriter(newItems, newWords.length, changes).write()}</div>`;
}

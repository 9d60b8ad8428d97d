import { htmlItems, type HtmlItem } from "./html-tokens";
import { diffSequences } from "./word-diff";

const INSERTED = '<span class="highlight_text_inserted">';
const DELETED = '<span class="highlight_text_deleted">';
const CLOSE = "</span>";

type WordItem = Extract<HtmlItem, { kind: "word" }>;

function isWord(item: HtmlItem): item is WordItem {
  return item.kind === "word";
}

/** Writes the new side's structure with highlight spans around inserted and deleted words. */
class DiffWriter {
  private readonly out: string[] = [];
  private isInsertOpen = false;

  constructor(
    private readonly items: readonly HtmlItem[],
    private readonly inserted: ReadonlySet<number>,
    /** Deleted old words (as HTML text) by the new word index they come before. */
    private readonly deletions: ReadonlyMap<number, string>,
  ) {}

  write(): string {
    let wordIndex = 0;
    this.items.forEach((item, index) => {
      if (item.kind === "markup") {
        this.closeInsert();
        this.out.push(item.html);
        return;
      }
      if (wordIndex === 0) this.writeLeadingDeletion();
      this.writeWord(item, wordIndex, this.items[index + 1]);
      wordIndex++;
    });
    this.closeInsert();
    const everything = wordIndex === 0 ? this.deletions.get(0) : undefined;
    if (everything !== undefined) this.out.push(DELETED, everything, CLOSE);
    return this.out.join("");
  }

  private writeLeadingDeletion(): void {
    const deleted = this.deletions.get(0);
    if (deleted !== undefined) this.out.push(DELETED, deleted, CLOSE, " ");
  }

  private writeWord(word: WordItem, index: number, next: HtmlItem | undefined): void {
    const isInserted = this.inserted.has(index);
    if (word.hidden) {
      // A link target shows only when it changed, as its own span after the link text.
      if (isInserted) {
        this.closeInsert();
        this.separate();
        this.out.push(INSERTED, word.html, CLOSE);
      }
    } else if (isInserted) {
      if (!this.isInsertOpen) this.out.push(INSERTED);
      this.isInsertOpen = true;
      this.out.push(word.html);
    } else {
      this.closeInsert();
      this.out.push(word.html);
    }
    const deleted = this.deletions.get(index + 1);
    if (deleted !== undefined) {
      // Zulip's order within a replacement: the inserted words, then the deleted ones.
      this.closeInsert();
      if (word.trailing === "") this.separate();
      else this.out.push(word.trailing);
      this.out.push(DELETED, deleted, CLOSE);
      if (word.trailing !== "") this.out.push(" ");
      return;
    }
    const continues =
      isInserted &&
      !word.hidden &&
      next?.kind === "word" &&
      !next.hidden &&
      this.inserted.has(index + 1);
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

/**
 * A word-level diff of two rendered HTML fragments, shaped like Zulip's `content_html_diff`
 * (lxml's `htmldiff` with `<ins>`/`<del>` renamed): wrapped in `<div>`, inserted words in
 * `<span class="highlight_text_inserted">`, deleted words in
 * `<span class="highlight_text_deleted">`, a changed link target as `Link: <url>` text inside
 * the link. The output keeps the new side's elements and is well-formed for any pair of inputs:
 * highlight spans only ever hold text, and every tag is rebuilt from a checked name and escaped
 * attributes (a text differ over raw HTML once produced `<img src="a"<span …>` in Zulip).
 */
export function htmlDiff(oldHtml: string, newHtml: string): string {
  const oldWords = htmlItems(oldHtml).filter(isWord);
  const newItems = htmlItems(newHtml);
  const newWords = newItems.filter(isWord);
  const blocks = diffSequences(
    oldWords.map((word) => word.key),
    newWords.map((word) => word.key),
  );
  const inserted = new Set<number>();
  const deletions = new Map<number, string>();
  for (const block of blocks) {
    if (block.equal) continue;
    for (let index = block.newStart; index < block.newEnd; index++) inserted.add(index);
    if (block.oldEnd > block.oldStart) {
      const words = oldWords.slice(block.oldStart, block.oldEnd).map((word) => word.html);
      deletions.set(block.newEnd, words.join(" "));
    }
  }
  return `<div>${new DiffWriter(newItems, inserted, deletions).write()}</div>`;
}

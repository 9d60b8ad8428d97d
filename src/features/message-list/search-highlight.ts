// Search matches are shown with the CSS Custom Highlight API: ranges over the text already in
// the page, styled by `::highlight(search-match)`. The message HTML is never edited, so the
// sanitised body stays exactly what the sanitiser produced.

/** The name of the highlight in `CSS.highlights` (and in the stylesheet). */
const SEARCH_HIGHLIGHT = "search-match";

const WORD_CHARACTER = "[\\p{L}\\p{N}_]";

/** The words of a search query, lowercased and deduplicated (what the server's search matches). */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}_]+/u);
  return [...new Set(words.filter((word) => word !== ""))];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A pattern matching any of the terms as a whole word, case-insensitively; null for none. */
export function termPattern(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  // Longest first, so "parley" wins over "par" where both would match.
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(
    `(?<!${WORD_CHARACTER})(?:${alternatives.join("|")})(?!${WORD_CHARACTER})`,
    "giu",
  );
}

/** Ranges over every match of `pattern` in the text under `roots` (within single text nodes). */
export function matchRanges(roots: Iterable<Node>, pattern: RegExp): Range[] {
  const ranges: Range[] = [];
  for (const root of roots) {
    const document = root.ownerDocument ?? root;
    if (!(document instanceof Document)) continue;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.nodeValue ?? "";
      for (const match of text.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        ranges.push(range);
      }
    }
  }
  return ranges;
}

/** Whether this browser has the Custom Highlight API (jsdom and older browsers do not). */
function hasHighlightApi(): boolean {
  return (
    typeof CSS !== "undefined" &&
    typeof Highlight !== "undefined" &&
    "highlights" in CSS &&
    typeof CSS.highlights.set === "function"
  );
}

/** Shows `ranges` as the search highlight (replacing the previous one); false without the API. */
export function showSearchHighlight(ranges: readonly Range[]): boolean {
  if (!hasHighlightApi()) return false;
  CSS.highlights.set(SEARCH_HIGHLIGHT, new Highlight(...ranges));
  return true;
}

/** Removes the search highlight. */
export function clearSearchHighlight(): void {
  if (hasHighlightApi()) CSS.highlights.delete(SEARCH_HIGHLIGHT);
}

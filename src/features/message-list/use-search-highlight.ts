import { useLayoutEffect, useMemo } from "react";
import type { Narrow } from "../../lib/narrow";
import {
  clearSearchHighlight,
  matchRanges,
  searchTerms,
  showSearchHighlight,
  termPattern,
} from "./search-highlight";
import type { VirtualList } from "./virtual-list";

/** Where the query's words are looked for: message bodies and topic names. */
const SEARCHED_TEXT = ".message-body, .recipient-topic";

/**
 * In a search narrow, highlights the query's words in the rendered message bodies and topics
 * after every render (rows come and go as the reader scrolls), and removes the highlight when
 * the list closes. Without the Custom Highlight API (jsdom, older browsers) nothing shows.
 */
export function useSearchHighlight(narrow: Narrow, list: VirtualList): void {
  const query = narrow.kind === "search" ? narrow.query : null;
  const pattern = useMemo(() => (query === null ? null : termPattern(searchTerms(query))), [query]);
  useLayoutEffect(() => {
    const scroller = list.scrollElement;
    if (pattern === null || scroller === null) return;
    showSearchHighlight(matchRanges(scroller.querySelectorAll(SEARCHED_TEXT), pattern));
  });
  useLayoutEffect(() => {
    if (pattern === null) return;
    return () => {
      clearSearchHighlight();
    };
  }, [pattern]);
}

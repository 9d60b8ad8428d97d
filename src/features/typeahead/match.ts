// Typeahead matching: a query matches a name when it is a prefix of the whole name or of any of
// its words, ignoring case and accents. Pure functions, shared by every typeahead.

/** At most this many options are offered: more is noise, and the list must fit above the box. */
export const MAX_OPTIONS = 8;

/** Word boundaries inside names: spaces, `_` `-` `.` (emoji, emails), `/` and `>`. */
const WORD_SEPARATOR = /[\s_\-./>]+/u;

/** Lower case without accents, so "zoe" finds "Zoë" and "ZOE". */
export function foldForMatching(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * How well `query` matches `name`, smaller is better: 0 the whole name, 1 a prefix of it, 2 a
 * prefix of a later word; null when it does not match. An empty query matches everything as 1.
 */
export function matchRank(query: string, name: string): number | null {
  const folded = foldForMatching(name);
  const wanted = foldForMatching(query.trim());
  if (wanted === "") return 1;
  if (folded === wanted) return 0;
  if (folded.startsWith(wanted)) return 1;
  const words = folded.split(WORD_SEPARATOR);
  for (let index = 1; index < words.length; index++) {
    if (words.slice(index).join(" ").startsWith(wanted)) return 2;
  }
  return null;
}

/** The best-matching of `names` (lowest rank, then earliest), or null when none matches. */
function bestName(
  query: string,
  names: readonly string[],
): { rank: number; nameIndex: number } | null {
  let best: { rank: number; nameIndex: number } | null = null;
  for (const [nameIndex, name] of names.entries()) {
    const rank = matchRank(query, name);
    if (rank !== null && (best === null || rank < best.rank)) best = { rank, nameIndex };
  }
  return best;
}

interface Ranked<T> {
  readonly item: T;
  readonly rank: number;
  readonly nameIndex: number;
  readonly order: number;
}

/**
 * The items matching `query`, best first, at most `limit`. Each item is matched by its names in
 * order of importance (a user's full name before their email; an emoji's name before its
 * aliases); ties keep the caller's order, so callers list their favourites first (newest topics,
 * subscribed streams).
 */
export function rankMatches<T>(
  query: string,
  items: readonly T[],
  namesOf: (item: T) => readonly string[],
  limit: number = MAX_OPTIONS,
): T[] {
  const ranked: Ranked<T>[] = [];
  items.forEach((item, order) => {
    const best = bestName(query, namesOf(item));
    if (best !== null) ranked.push({ item, order, ...best });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.nameIndex - b.nameIndex || a.order - b.order);
  return ranked.slice(0, limit).map((entry) => entry.item);
}

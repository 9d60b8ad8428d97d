import type { Queryable } from "../db/database";
import { badRequest } from "../http/errors";
import type { NarrowTerm } from "./narrow";
import { codePointLength } from "./validate";

/** The text search configuration of migration 0008 (Zulip's `zulip.english_us_search`). */
const SEARCH_CONFIG = "english_us_search";

/**
 * Zulip sets no limit; ours keeps a pasted page from becoming a query of thousands of words.
 * A search box query is a few words.
 */
export const MAX_SEARCH_LENGTH = 1000;

/**
 * The operand of a `search` term, checked as Zulip's `NarrowParameter` does (a string, not blank),
 * and no longer than `MAX_SEARCH_LENGTH`.
 */
export function searchOperand(operand: NarrowTerm["operand"]): string {
  if (typeof operand !== "string") throw badRequest("operand is not a string");
  if (operand.trim() === "") throw badRequest("operand cannot be blank.");
  const length = codePointLength(operand);
  if (length > MAX_SEARCH_LENGTH) {
    throw badRequest(`Search is too long (limit: ${MAX_SEARCH_LENGTH} characters, got ${length}).`);
  }
  return operand;
}

/** Django's `prep_for_like_query`: the operand's `\`, `%` and `_` stand for themselves. */
function likePattern(phrase: string): string {
  return `%${phrase.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The quoted phrases of a search, as Zulip finds them (`"[^"]+"|\S+`, the quoted ones). */
function quotedPhrases(operand: string): string[] {
  const phrases: string[] = [];
  for (const [term] of operand.matchAll(/"[^"]+"|\S+/g)) {
    if (term.length > 1 && term.startsWith('"') && term.endsWith('"')) {
      phrases.push(term.slice(1, -1));
    }
  }
  return phrases;
}

/** A search term's condition, as the GIN index serves it and as a row-by-row test. */
export interface SearchCondition {
  indexed: string;
  scanned: string;
}

/**
 * The condition of one `search` term, Zulip's `_by_search_tsearch`: every word of the operand,
 * stemmed, in the message's topic or content (the GIN-indexed `m.search_tsvector`), and each
 * quoted phrase, as typed, in its content or topic (case-insensitive). `param` adds a parameter
 * and returns its placeholder. The `scanned` form calls `ts_match_vq`, the function behind `@@`,
 * which no index serves: the same test, made on each row a walk reads.
 */
export function searchCondition(
  operand: string,
  param: (value: unknown) => string,
): SearchCondition {
  const query = `plainto_tsquery('${SEARCH_CONFIG}', ${param(operand)})`;
  const phrases = quotedPhrases(operand).map((phrase) => {
    const pattern = param(likePattern(phrase));
    return `(m.content ILIKE ${pattern} OR m.subject ILIKE ${pattern})`;
  });
  return {
    indexed: [`m.search_tsvector @@ ${query}`, ...phrases].join(" AND "),
    scanned: [`ts_match_vq(m.search_tsvector, ${query})`, ...phrases].join(" AND "),
  };
}

/** Zulip's `match_content` and `match_subject` of a search result. */
export interface SearchMatch {
  match_content: string;
  match_subject: string;
}

// Characters PostgreSQL's headline puts around each match, turned into Zulip's spans afterwards.
const START_MARK = "\u0001";
const STOP_MARK = "\u0002";
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel="${START_MARK}", StopSel="${STOP_MARK}"`;
const HIGHLIGHT_START = '<span class="highlight">';
const HIGHLIGHT_STOP = "</span>";

/**
 * `original` with Zulip's `<span class="highlight">` around each match `marked` (the headline of
 * `original`) marks. As Zulip's `highlight_string`, a match inside an HTML tag (a word of an
 * attribute the parser did not see as part of the tag) is left alone, so tags stay whole. When
 * the marks cannot be told apart from the text (it has the mark characters itself), or the
 * headline is not the text with marks added, the text comes back unhighlighted.
 */
export function highlightMarked(marked: string, original: string): string {
  if (original.includes(START_MARK) || original.includes(STOP_MARK)) return original;
  if (marked.replaceAll(START_MARK, "").replaceAll(STOP_MARK, "") !== original) return original;
  let result = "";
  let inTag = false;
  let open = false;
  for (const character of marked) {
    if (character === START_MARK) {
      open = !inTag;
      if (open) result += HIGHLIGHT_START;
    } else if (character === STOP_MARK) {
      if (open) result += HIGHLIGHT_STOP;
      open = false;
    } else {
      if (character === "<") inTag = true;
      else if (character === ">") inTag = false;
      result += character;
    }
  }
  return result;
}

/**
 * The words to highlight in a search's results, or undefined when the narrow has no `search` term.
 * Zulip joins every search operand into one; a negated term's words are in no result, so only the
 * others count here (an all-negated search still gets the match fields, with nothing highlighted).
 */
export function searchText(narrow: readonly NarrowTerm[]): string | undefined {
  const terms = narrow.filter((term) => term.operator === "search");
  if (terms.length === 0) return undefined;
  return terms
    .filter((term) => !term.negated)
    .map((term) => String(term.operand))
    .join(" ");
}

/**
 * Zulip's `match_content` (the rendered content) and `match_subject` (the HTML-escaped topic) of
 * each message of `ids`, with every word of `search` highlighted as the index matched it (stemmed).
 */
export async function searchMatches(
  db: Queryable,
  ids: readonly number[],
  search: string,
): Promise<Map<number, SearchMatch>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{
    id: number;
    content: string;
    content_marked: string;
    subject: string;
    subject_marked: string;
  }>(
    `SELECT m.id, m.rendered_content AS content, escape_html(m.subject) AS subject,
            ts_headline('${SEARCH_CONFIG}', m.rendered_content, q, $3) AS content_marked,
            ts_headline('${SEARCH_CONFIG}', escape_html(m.subject), q, $3) AS subject_marked
       FROM messages m, plainto_tsquery('${SEARCH_CONFIG}', $2) q
      WHERE m.id = ANY($1::int[])`,
    [ids, search, HEADLINE_OPTIONS],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        match_content: highlightMarked(row.content_marked, row.content),
        match_subject: highlightMarked(row.subject_marked, row.subject),
      },
    ]),
  );
}

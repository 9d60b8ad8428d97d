// The server's highlighted forms of search results (Zulip's `match_content`, `match_subject`),
// kept per search narrow: a message is stored once for every narrow, but its highlights belong to
// the search that found it. Each is used only while the message still has the content and topic
// it was highlighted in, so an edit or a move shows the new text, unhighlighted, at once.
import type { Message } from "../../common/wire/message";
import { narrowKey, type Narrow } from "../lib/narrow";

interface SearchMatch {
  readonly content: string;
  readonly subject: string;
  readonly matchContent: string | undefined;
  readonly matchSubject: string | undefined;
}

/** A piece of a topic: its text, and whether the search matched it. */
export interface TopicPart {
  readonly text: string;
  readonly isMatch: boolean;
}

/** The searches whose matches are kept (the most recent ones; a search is rarely revisited). */
const KEPT_SEARCHES = 10;
const matchesBySearch = new Map<string, Map<number, SearchMatch>>();

/** Records the match fields of a search narrow's fetched messages (other narrows have none). */
export function rememberSearchMatches(narrow: Narrow, messages: readonly Message[]): void {
  if (narrow.kind !== "search") return;
  const key = narrowKey(narrow);
  const matches = matchesBySearch.get(key) ?? new Map<number, SearchMatch>();
  matchesBySearch.delete(key);
  matchesBySearch.set(key, matches);
  for (const message of messages) {
    matches.set(message.id, {
      content: message.content,
      subject: message.subject,
      matchContent: message.match_content,
      matchSubject: message.match_subject,
    });
  }
  // Maps iterate in insertion order: the first key is the least recently fetched search.
  while (matchesBySearch.size > KEPT_SEARCHES) {
    const oldest = matchesBySearch.keys().next();
    if (oldest.done === true) break;
    matchesBySearch.delete(oldest.value);
  }
}

function matchOf(narrow: Narrow, message: Message): SearchMatch | undefined {
  if (narrow.kind !== "search") return undefined;
  return matchesBySearch.get(narrowKey(narrow))?.get(message.id);
}

/**
 * The message's HTML with the search's matches in `<span class="highlight">` (to be sanitised
 * like any body), or undefined outside a search or once the content changed.
 */
export function highlightedContent(narrow: Narrow, message: Message): string | undefined {
  const match = matchOf(narrow, message);
  return match?.content === message.content ? match.matchContent : undefined;
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * The topic in pieces, the search's matches marked, read from `match_subject` (the escaped topic
 * with highlight spans) as text, never as HTML; undefined outside a search, once the topic
 * changed, or when `match_subject` is not the topic with spans added.
 */
export function highlightedTopic(narrow: Narrow, message: Message): TopicPart[] | undefined {
  const match = matchOf(narrow, message);
  if (match?.matchSubject === undefined || match.subject !== message.subject) return undefined;
  const parts: TopicPart[] = [];
  const pieces = match.matchSubject.split(/<span class="highlight">([^<]*)<\/span>/);
  pieces.forEach((piece, index) => {
    if (piece !== "") parts.push({ text: unescapeHtml(piece), isMatch: index % 2 === 1 });
  });
  const isWholeTopic = parts.map((part) => part.text).join("") === message.subject;
  return isWholeTopic ? parts : undefined;
}

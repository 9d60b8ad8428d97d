import type { Message } from "../../common/wire/message";
import { MENTION_FLAGS } from "./narrow";
import { isResolvedTopic } from "./resolved-topic";

// Searching the messages this device holds, for when the server cannot be asked (offline). It is
// an approximation of Zulip's search, and the view says so: words and quoted phrases match
// case-insensitively as prefixes of words of the content or the topic (Zulip stems English words;
// a prefix finds "deploy" in "deployed" too), every one must match, and a handful of operators
// are understood. An operator it does not know makes the query unanswerable here, rather than
// quietly answered without it.

/** One condition of a query; all must hold. */
type Condition =
  | { readonly kind: "text"; readonly words: readonly string[]; readonly negated: boolean }
  | {
      readonly kind: "test";
      readonly holds: (message: Message) => boolean;
      readonly negated: boolean;
    };

/** A query ready to match messages, or why it cannot be answered on this device. */
export type LocalQuery =
  | { readonly ok: true; readonly conditions: readonly Condition[] }
  | { readonly ok: false; readonly unsupported: string };

/** The query's tokens: words, `"quoted phrases"` and `operator:operand` (operand maybe quoted). */
function tokens(query: string): string[] {
  return query.match(/-?(?:[a-z-]+:)?"[^"]*"?|\S+/gi) ?? [];
}

function unquoted(text: string): string {
  return text.replace(/^"/, "").replace(/"$/, "");
}

/** Lower-case words of a text, split as Zulip's search splits them (letters and digits). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** The visible text of a rendered body (tags and entities aside), lower-cased. */
function contentText(message: Message): string {
  return message.content
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) =>
      entity === "&amp;" ? "&" : entity === "&lt;" ? "<" : entity === "&gt;" ? ">" : " ",
    );
}

/** Whether `phrase` (words, in order, the last one a prefix) occurs among `words`. */
function hasPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  const last = phrase.length - 1;
  for (let start = 0; start + last < words.length; start++) {
    let matched = true;
    for (let offset = 0; offset <= last && matched; offset++) {
      const word = words[start + offset] ?? "";
      const wanted = phrase[offset] ?? "";
      matched = offset === last ? word.startsWith(wanted) : word === wanted;
    }
    if (matched) return true;
  }
  return false;
}

function isFlagged(message: Message, flag: string): boolean {
  return message.flags?.includes(flag) ?? false;
}

/** `is:` operands this device can answer. */
const IS_TESTS: Readonly<Record<string, (message: Message) => boolean>> = {
  starred: (message) => isFlagged(message, "starred"),
  mentioned: (message) => message.flags?.some((flag) => MENTION_FLAGS.has(flag)) ?? false,
  unread: (message) => !isFlagged(message, "read"),
  dm: (message) => message.type === "private",
  private: (message) => message.type === "private",
  alerted: (message) => isFlagged(message, "has_alert_word"),
  resolved: (message) => message.type === "stream" && isResolvedTopic(message.subject),
};

function operatorTest(
  operator: string,
  operand: string,
): ((message: Message) => boolean) | undefined {
  const wanted = operand.toLowerCase();
  switch (operator) {
    case "stream":
    case "channel":
      return (message) =>
        message.type === "stream" &&
        typeof message.display_recipient === "string" &&
        (message.display_recipient.toLowerCase() === wanted ||
          String(message.stream_id) === wanted);
    case "topic":
    case "subject":
      return (message) => message.type === "stream" && message.subject.toLowerCase() === wanted;
    case "sender":
    case "from":
      return (message) =>
        message.sender_email.toLowerCase() === wanted || String(message.sender_id) === wanted;
    case "is":
      return IS_TESTS[wanted];
    case "has":
      if (wanted === "link") return (message) => /<a\s/i.test(message.content);
      if (wanted === "image") return (message) => message.content.includes("message_inline_image");
      if (wanted === "reaction") return (message) => (message.reactions?.length ?? 0) > 0;
      return undefined;
    default:
      return undefined;
  }
}

/** Parses a search narrow's query for `matchesLocally`. */
export function parseLocalQuery(query: string): LocalQuery {
  const conditions: Condition[] = [];
  for (const token of tokens(query)) {
    const negated = token.startsWith("-") && token.length > 1;
    const body = negated ? token.slice(1) : token;
    const operator = /^([a-z-]+):(.*)$/i.exec(body);
    if (operator !== null && !body.startsWith('"')) {
      const [, name = "", operand = ""] = operator;
      const holds = operatorTest(name.toLowerCase(), unquoted(operand));
      if (holds === undefined) return { ok: false, unsupported: body };
      conditions.push({ kind: "test", holds, negated });
      continue;
    }
    const words = wordsOf(unquoted(body));
    if (words.length > 0) conditions.push({ kind: "text", words, negated });
  }
  return { ok: true, conditions };
}

/** Whether a message held on this device answers the query. */
export function matchesLocally(query: LocalQuery, message: Message): boolean {
  if (!query.ok) return false;
  let contentWords: string[] | undefined;
  let topicWords: string[] | undefined;
  for (const condition of query.conditions) {
    let holds: boolean;
    if (condition.kind === "test") {
      holds = condition.holds(message);
    } else {
      contentWords ??= wordsOf(contentText(message));
      topicWords ??= message.type === "stream" ? wordsOf(message.subject) : [];
      holds = hasPhrase(contentWords, condition.words) || hasPhrase(topicWords, condition.words);
    }
    if (holds === condition.negated) return false;
  }
  return true;
}

// What the user is typing at the caret in the message box: a mention (`@`), a stream or topic
// link (`#`, `#stream>`), an emoji (`:`), or nothing. Pure functions over text and caret.

/** A typeahead the text before the caret asks for; `start` is where its trigger character is. */
export type Trigger =
  | {
      readonly kind: "mention";
      readonly silent: boolean;
      readonly query: string;
      readonly start: number;
    }
  | { readonly kind: "stream"; readonly query: string; readonly start: number }
  | {
      readonly kind: "topic";
      readonly streamName: string;
      readonly query: string;
      readonly start: number;
    }
  | { readonly kind: "emoji"; readonly query: string; readonly start: number };

// Each pattern is anchored at the caret (the end of the text before it). A trigger starts a
// word: at the start, after white space or an opening bracket or quote, so `a@b.c`, `10:30` and
// `issue#4` stay plain text. Names have spaces, so mention and stream queries may too (not at
// their start: `# Heading`, `@ someone`), up to a length where nobody is still completing.
const MENTION = /(?:^|[\s([{"'])@(_?)\*{0,2}([^\s*@][^\n*@]{0,39})?$/u;
const STREAM = /(?:^|[\s([{"'])#\*{0,2}([^\s*#][^\n*#]{0,79})?$/u;
const EMOJI = /(?:^|[\s([{"']):([\p{L}\p{N}_+-]{2,40})$/u;

/** Where the match's trigger character is: the match starts with it or with one character before. */
function triggerStart(match: RegExpExecArray, trigger: string): number {
  return match[0].startsWith(trigger) ? match.index : match.index + 1;
}

function mentionAt(before: string): Trigger | null {
  const match = MENTION.exec(before);
  if (match === null) return null;
  return {
    kind: "mention",
    silent: match[1] === "_",
    query: match[2] ?? "",
    start: triggerStart(match, "@"),
  };
}

function streamAt(before: string): Trigger | null {
  const match = STREAM.exec(before);
  if (match === null) return null;
  const text = match[1] ?? "";
  const start = triggerStart(match, "#");
  const arrow = text.indexOf(">");
  if (arrow === -1) return { kind: "stream", query: text, start };
  return { kind: "topic", streamName: text.slice(0, arrow), query: text.slice(arrow + 1), start };
}

function emojiAt(before: string): Trigger | null {
  const match = EMOJI.exec(before);
  if (match === null) return null;
  return { kind: "emoji", query: match[1] ?? "", start: triggerStart(match, ":") };
}

/** The typeahead wanted at `caret` in `text`, or null. The nearest trigger to the caret wins. */
export function findTrigger(text: string, caret: number): Trigger | null {
  const before = text.slice(0, caret);
  const found = [mentionAt(before), streamAt(before), emojiAt(before)].filter(
    (trigger): trigger is Trigger => trigger !== null,
  );
  let nearest: Trigger | null = null;
  for (const trigger of found)
    if (nearest === null || trigger.start > nearest.start) nearest = trigger;
  return nearest;
}

/**
 * The text with the trigger (from its start to the caret) replaced by `insertion` and a space
 * (unless one follows already), and where the caret goes: just after the space.
 */
export function applyCompletion(
  text: string,
  caret: number,
  trigger: Trigger,
  insertion: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const spacer = /^\s/u.test(after) ? "" : " ";
  const head = `${text.slice(0, trigger.start)}${insertion}${spacer}`;
  return { text: `${head}${after}`, caret: head.length + (spacer === "" ? 1 : 0) };
}

/** A stable key for "this trigger at this place with this query", to remember a dismissal. */
export function triggerKey(trigger: Trigger): string {
  const stream = trigger.kind === "topic" ? `${trigger.streamName}>` : "";
  return `${trigger.kind}:${trigger.start}:${stream}${trigger.query}`;
}

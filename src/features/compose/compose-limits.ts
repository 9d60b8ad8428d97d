/** Zulip's limits (`max_topic_length`, `max_message_length`), checked before sending. */
export const MAX_TOPIC_LENGTH = 60;
export const MAX_CONTENT_BYTES = 10_000;

/** The UTF-8 size of the text, as the server counts it. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Topic length in code points, as the server counts it. */
export function topicLength(topic: string): number {
  let count = 0;
  for (let i = 0; i < topic.length; i++) {
    const code = topic.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < topic.length) {
      const next = topic.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** Why this message cannot be sent as it is, or null when it can. */
export function composeProblem(input: {
  needsTopic: boolean;
  topic: string;
  content: string;
}): string | null {
  if (input.content.trim() === "") return "Write a message first.";
  if (input.needsTopic && input.topic.trim() === "") return "Please enter a topic.";
  return limitProblems(input)[0] ?? null;
}

/** What the server refuses in a topic: control characters, lone surrogates, non-characters. */
const BAD_TOPIC_CHARACTER = /[\p{Cc}\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/**
 * The limits the message breaks as it is (topic length, content size), whatever else is still
 * missing: these are shown at once, while the user types, so nothing is refused after sending.
 */
export function limitProblems(input: {
  needsTopic: boolean;
  topic: string;
  content: string;
}): string[] {
  const problems: string[] = [];
  if (input.needsTopic && topicLength(input.topic.trim()) > MAX_TOPIC_LENGTH) {
    problems.push(
      `The topic is too long: ${topicLength(input.topic.trim())} of ${MAX_TOPIC_LENGTH} characters.`,
    );
  }
  if (input.needsTopic && BAD_TOPIC_CHARACTER.test(input.topic.trim())) {
    problems.push("The topic contains a control character, which cannot be sent.");
  }
  if (input.content.includes("\u0000")) {
    problems.push("The message contains a null character, which cannot be sent.");
  }
  const bytes = utf8Length(input.content);
  if (bytes > MAX_CONTENT_BYTES) {
    problems.push(
      `The message is too long: ${bytes.toLocaleString("en")} of ${MAX_CONTENT_BYTES.toLocaleString("en")} bytes.`,
    );
  }
  return problems;
}

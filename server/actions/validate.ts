import { ApiError, badRequest } from "../http/errors";

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_BYTES = 10_000;
export const MAX_STREAM_NAME_LENGTH = 60;

/** Length in code points, as Zulip counts the limits of names and topics. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** Zulip refuses Cc and Cs characters and Unicode non-characters in names and topics. */
function firstBadCharacter(text: string): number {
  let position = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const isControl = code < 0x20 || (code >= 0x7f && code < 0xa0);
    const isSurrogate = code >= 0xd800 && code <= 0xdfff;
    const isNonCharacter = (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
    if (isControl || isSurrogate || isNonCharacter) return position;
    position++;
  }
  return -1;
}

/**
 * A topic as stored: whitespace stripped, non-empty, at most 60 characters (code points), no
 * control characters. Zulip silently truncates long topics; we refuse them so nothing is lost.
 */
export function checkTopic(raw: string | undefined): string {
  if (raw === undefined) throw badRequest("Missing topic");
  const topic = raw.trim();
  if (topic === "") throw badRequest("Topic can't be empty!");
  const bad = firstBadCharacter(topic);
  if (bad !== -1) throw badRequest(`Invalid character in topic, at position ${bad + 1}!`);
  const length = codePointLength(topic);
  if (length > MAX_TOPIC_LENGTH) {
    throw badRequest(`Topic is too long (limit: ${MAX_TOPIC_LENGTH} characters, got ${length}).`);
  }
  return topic;
}

/**
 * Message content as stored: trailing whitespace and leading newlines removed, non-empty, no
 * NUL, at most 10,000 bytes of UTF-8. Zulip truncates long content; we refuse it.
 */
export function checkContent(raw: string): string {
  if (raw.includes("\0")) throw badRequest("Message must not contain null bytes");
  const content = raw.trimEnd().replace(/^\n+/, "");
  if (content.trim() === "") throw badRequest("Message must not be empty");
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > MAX_MESSAGE_BYTES) {
    throw new ApiError(
      `Message is too long (limit: ${MAX_MESSAGE_BYTES} bytes of UTF-8, got ${bytes}).`,
    );
  }
  return content;
}

/** A stream name: stripped, non-empty, at most 60 characters, no control characters. */
export function checkStreamName(raw: string): string {
  const name = raw.trim();
  if (name === "") throw badRequest("Stream name can't be empty!");
  const bad = firstBadCharacter(name);
  if (bad !== -1) throw badRequest(`Invalid character in stream name, at position ${bad + 1}!`);
  if (codePointLength(name) > MAX_STREAM_NAME_LENGTH) {
    throw badRequest(`Stream name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  }
  return name;
}

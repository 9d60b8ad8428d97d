import type { Message } from "../../common/wire/message";

// A long history repeats most of its strings: each of a sender's messages carries their email
// and name, each message of a topic its name, and most messages carry an empty reaction list,
// no topic links and the flags ["read"]. Parsed JSON gives every message its own copy of each,
// so 100,000 messages hold about 700,000 strings and arrays that say the same few hundred
// things, and every garbage collection marks all of them. The store keeps one copy of each
// instead (BENCHMARKS.md, chat views, sixth look).

/** Pooled strings are dropped all at once past this many (they are kept as long as pooled). */
const MAX_POOLED = 20_000;

const strings = new Map<string, string>();

/** The pooled copy of `value` (the first one seen). */
export function pooledString(value: string): string {
  const pooled = strings.get(value);
  if (pooled !== undefined) return pooled;
  if (strings.size >= MAX_POOLED) strings.clear();
  strings.set(value, value);
  return value;
}

/** How many strings are pooled now. */
export function pooledStringCount(): number {
  return strings.size;
}

/**
 * The empty list and the one-flag lists, shared and frozen. Shared lists are safe because the
 * store never changes a list in place (it stores a new message with a new list), and frozen so
 * that code that tried would fail at once instead of changing every message.
 */
const NO_ITEMS: readonly never[] = Object.freeze([]);
const singleFlags = new Map<string, readonly string[]>();

function sharedFlags(flags: string[]): string[] {
  if (flags.length === 0) return NO_ITEMS as never[];
  if (flags.length !== 1) return flags;
  const [flag = ""] = flags;
  let shared = singleFlags.get(flag);
  if (shared === undefined) {
    // Flags are a short fixed vocabulary; a server inventing new ones only adds entries.
    shared = Object.freeze([flag]);
    singleFlags.set(flag, shared);
  }
  return shared as string[];
}

/**
 * Makes a message about to be stored share its repeated strings and its empty and one-flag
 * lists with the messages already stored: the same values, one copy. Changes `message` in place
 * (the store owns what it is given) and returns it.
 */
export function compactMessage(message: Message): Message {
  message.sender_email = pooledString(message.sender_email);
  message.sender_full_name = pooledString(message.sender_full_name);
  message.sender_realm_str = pooledString(message.sender_realm_str);
  message.subject = pooledString(message.subject);
  message.client = pooledString(message.client);
  message.content_type = pooledString(message.content_type);
  if (typeof message.display_recipient === "string") {
    message.display_recipient = pooledString(message.display_recipient);
  }
  if (message.avatar_url !== null) message.avatar_url = pooledString(message.avatar_url);
  if (message.flags !== undefined) message.flags = sharedFlags(message.flags);
  if (message.topic_links?.length === 0) message.topic_links = NO_ITEMS as never[];
  const reactions = message.reactions;
  if (reactions !== undefined) {
    if (reactions.length === 0) message.reactions = NO_ITEMS as never[];
    for (const reaction of reactions) {
      reaction.emoji_name = pooledString(reaction.emoji_name);
      reaction.emoji_code = pooledString(reaction.emoji_code);
      reaction.reaction_type = pooledString(reaction.reaction_type);
    }
  }
  return message;
}

import type { Message } from "../../../common/wire/message";
import { MENTION_FLAGS } from "../../lib/narrow";
import type { IdList } from "../../stores/message-ids";
import { isTopicVisible, type Muting } from "../../stores/muting";

/** Messages older than this when they reach us are history (a catch-up fetch), not news. */
const NEWS_WINDOW_SECONDS = 5 * 60;

/** What decides whether a message pops up a desktop notification. */
export interface NotifyContext {
  /** The user turned notifications on in Parley. */
  readonly isEnabled: boolean;
  readonly permission: NotificationPermission | "unsupported";
  /** `document.hidden`: notifications are for when the user is not looking at the tab. */
  readonly isHidden: boolean;
  readonly ownUserId: number;
  /** UNIX seconds. */
  readonly now: number;
  /** The user's muted streams and topics' policies. */
  readonly muting: Muting;
}

/**
 * Whether muting silences a stream message (Zulip's `message_is_notifiable`): one in a muted
 * topic, or in a muted stream but for its unmuted and followed topics, unless it mentions the
 * user personally (a wildcard mention does not break the silence).
 */
function isSilencedByMuting(message: Message, flags: readonly string[], muting: Muting): boolean {
  if (message.type !== "stream" || message.stream_id === undefined) return false;
  if (flags.includes("mentioned")) return false;
  return !isTopicVisible(muting, message.stream_id, message.subject);
}

/**
 * Whether to notify about a message: only with permission and while the tab is hidden; only
 * direct messages and mentions (personal or wildcard) from someone else, still unread, and sent
 * recently (so a catch-up fetch after a reconnect does not replay the past); never a stream
 * message muting silences (`isSilencedByMuting`).
 */
export function shouldNotify(message: Message, context: NotifyContext): boolean {
  if (!context.isEnabled || context.permission !== "granted" || !context.isHidden) return false;
  if (message.sender_id === context.ownUserId) return false;
  const flags = message.flags ?? [];
  if (flags.includes("read")) return false;
  if (message.timestamp < context.now - NEWS_WINDOW_SECONDS) return false;
  if (isSilencedByMuting(message, flags, context.muting)) return false;
  return message.type === "private" || flags.some((flag) => MENTION_FLAGS.has(flag));
}

/** The notification's title: "Iago" for a direct message, "Iago in #general > lunch" otherwise. */
export function notificationTitle(message: Message): string {
  if (message.type === "stream" && typeof message.display_recipient === "string") {
    return `${message.sender_full_name} in #${message.display_recipient} > ${message.subject}`;
  }
  return message.sender_full_name;
}

/** The store's index lists a notification watcher reads: mentions and every conversation. */
function isWatchedKey(key: string): boolean {
  return key === "mentions" || key.startsWith("dm:");
}

/**
 * The ids that joined the mention and conversation lists since the last call, found from each
 * list's newest id (O(conversations), not O(messages)). `seen` is updated in place; a list not in
 * `seen` yet counts from the start, so the watcher must seed `seen` with `markAllSeen` first.
 */
export function newWatchedIds(
  byKey: ReadonlyMap<string, Pick<IdList, "last" | "between">>,
  seen: Map<string, number>,
): number[] {
  const found = new Set<number>();
  for (const [key, list] of byKey) {
    if (!isWatchedKey(key)) continue;
    const last = list.last;
    if (last === undefined) continue;
    const previous = seen.get(key) ?? 0;
    if (last <= previous) continue;
    seen.set(key, last);
    for (const id of list.between(previous + 1, last)) found.add(id);
  }
  return [...found].sort((a, b) => a - b);
}

/** Records every watched list's newest id as seen. */
export function markAllSeen(
  byKey: ReadonlyMap<string, Pick<IdList, "last">>,
  seen: Map<string, number>,
): void {
  for (const [key, list] of byKey) {
    if (isWatchedKey(key) && list.last !== undefined) seen.set(key, list.last);
  }
}

import type { Message } from "../../../common/wire/message";
import { MENTION_FLAGS } from "../../lib/narrow";
import type { IdList } from "../../stores/message-ids";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import { isTopicVisible, topicPolicy, type Muting } from "../../stores/muting";

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
  /** The user's notification settings (Zulip's defaults while none are known). */
  readonly settings?: NotifySettings | undefined;
  /** A subscription's own notification settings; null or absent: the user's default. */
  readonly streamSettings?: ((streamId: number) => StreamNotifySettings | undefined) | undefined;
}

/** The user settings that decide a desktop notification (Zulip's names). */
interface NotifySettings {
  readonly enable_desktop_notifications: boolean;
  readonly enable_stream_desktop_notifications: boolean;
  readonly enable_followed_topic_desktop_notifications: boolean;
  /** Zulip's user setting; absent from older servers' settings: on, Zulip's default. */
  readonly wildcard_mentions_notify?: boolean | undefined;
}

/** A subscription's overrides of them. */
interface StreamNotifySettings {
  readonly desktop_notifications?: boolean | null | undefined;
  readonly wildcard_mentions_notify?: boolean | null | undefined;
}

const ZULIP_DEFAULTS: NotifySettings = {
  enable_desktop_notifications: true,
  enable_stream_desktop_notifications: false,
  enable_followed_topic_desktop_notifications: true,
  wildcard_mentions_notify: true,
};

/** Zulip's `stream_data.receives_notifications`: the subscription's choice, else the user's. */
function streamReceives(
  context: NotifyContext,
  streamId: number,
  name: "desktop_notifications" | "wildcard_mentions_notify",
): boolean {
  const settings = context.settings ?? ZULIP_DEFAULTS;
  const own = context.streamSettings?.(streamId)?.[name];
  if (own !== null && own !== undefined) return own;
  return name === "desktop_notifications"
    ? settings.enable_stream_desktop_notifications
    : (settings.wildcard_mentions_notify ?? true);
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
 * Whether to notify about a message: only with permission and while the tab is hidden; only a
 * message from someone else, still unread, sent recently (so a catch-up fetch after a reconnect
 * does not replay the past) and not silenced by muting (`isSilencedByMuting`). Then Zulip's
 * `should_send_desktop_notification`: every message of a followed topic (with
 * `enable_followed_topic_desktop_notifications`) and of a stream whose notifications are on
 * (its own setting, else `enable_stream_desktop_notifications`); and, with
 * `enable_desktop_notifications`, direct messages, personal mentions, and wildcard mentions in
 * a stream that takes them (`wildcard_mentions_notify`, the stream's or the user's).
 */
export function shouldNotify(message: Message, context: NotifyContext): boolean {
  if (!context.isEnabled || context.permission !== "granted" || !context.isHidden) return false;
  if (message.sender_id === context.ownUserId) return false;
  const flags = message.flags ?? [];
  if (flags.includes("read")) return false;
  if (message.timestamp < context.now - NEWS_WINDOW_SECONDS) return false;
  if (isSilencedByMuting(message, flags, context.muting)) return false;
  const settings = context.settings ?? ZULIP_DEFAULTS;
  const streamId = message.type === "stream" ? message.stream_id : undefined;
  if (streamId !== undefined) {
    const followed =
      topicPolicy(context.muting, streamId, message.subject) === VISIBILITY_POLICY.followed;
    if (followed && settings.enable_followed_topic_desktop_notifications) return true;
    if (streamReceives(context, streamId, "desktop_notifications")) return true;
  }
  if (!settings.enable_desktop_notifications) return false;
  if (message.type === "private" || flags.includes("mentioned")) return true;
  if (!flags.some((flag) => MENTION_FLAGS.has(flag))) return false;
  // A wildcard mention: in a direct message always, in a stream as the stream takes them.
  return streamId === undefined || streamReceives(context, streamId, "wildcard_mentions_notify");
}

/** The notification's title: "Iago" for a direct message, "Iago in #general > lunch" otherwise. */
export function notificationTitle(message: Message): string {
  if (message.type === "stream" && typeof message.display_recipient === "string") {
    return `${message.sender_full_name} in #${message.display_recipient} > ${message.subject}`;
  }
  return message.sender_full_name;
}

/**
 * The store's index lists a notification watcher reads: mentions, every direct conversation and
 * every stream (a stream or followed topic may notify for each of its messages).
 */
function isWatchedKey(key: string): boolean {
  return key === "mentions" || key.startsWith("dm:") || key.startsWith("stream:");
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

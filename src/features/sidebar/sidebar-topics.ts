import type { Topic } from "../../../common/wire/streams";

/** How many of the newest topics the sidebar shows under the current stream (Zulip's 8). */
const SIDEBAR_TOPIC_COUNT = 8;
/** How many topics in all it shows when older ones have unread messages (Zulip's 12). */
const SIDEBAR_TOPIC_COUNT_WITH_UNREAD = 12;

/**
 * The topics the sidebar lists under the current stream, by Zulip's `topic_list_data`: the
 * newest `limit`, then older ones with unread messages until `withUnread` are listed, and the
 * current topic wherever it is (first, when the server does not know it yet: a topic being
 * started). Newest first; `hiddenCount` is how many "more topics" leaves out. A stream with
 * hundreds of unread topics lists a dozen, as Zulip does: each row is a link with its own menu.
 */
export function sidebarTopics(
  topics: readonly Topic[],
  isUnread: (topic: string) => boolean,
  currentTopic: string | undefined,
  limit = SIDEBAR_TOPIC_COUNT,
  withUnread = Math.max(limit, SIDEBAR_TOPIC_COUNT_WITH_UNREAD),
): { shown: Topic[]; hiddenCount: number } {
  const current = currentTopic?.toLowerCase();
  const sorted = [...topics].sort((a, b) => b.max_id - a.max_id);
  const shown: Topic[] = [];
  for (const [index, topic] of sorted.entries()) {
    const selected = shown.length;
    const isShown =
      topic.name.toLowerCase() === current ||
      (index < limit && selected < limit) ||
      (selected < withUnread && isUnread(topic.name));
    if (isShown) shown.push(topic);
  }
  const hiddenCount = sorted.length - shown.length;
  const isCurrentKnown = sorted.some((topic) => topic.name.toLowerCase() === current);
  if (currentTopic !== undefined && currentTopic !== "" && !isCurrentKnown) {
    shown.unshift({ name: currentTopic, max_id: 0 });
  }
  return { shown, hiddenCount };
}

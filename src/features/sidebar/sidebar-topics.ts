import type { Topic } from "../../../common/wire/streams";

/** How many of the newest topics the sidebar shows under the current stream. */
const SIDEBAR_TOPIC_COUNT = 8;

/**
 * The topics the sidebar lists under the current stream: the newest `limit`, any older one with
 * unread messages, and the current topic (first, when the server does not know it yet: a topic
 * being started). Newest first; `hiddenCount` is how many "more topics" leaves out.
 */
export function sidebarTopics(
  topics: readonly Topic[],
  isUnread: (topic: string) => boolean,
  currentTopic: string | undefined,
  limit = SIDEBAR_TOPIC_COUNT,
): { shown: Topic[]; hiddenCount: number } {
  const current = currentTopic?.toLowerCase();
  const sorted = [...topics].sort((a, b) => b.max_id - a.max_id);
  const shown = sorted.filter(
    (topic, index) => index < limit || isUnread(topic.name) || topic.name.toLowerCase() === current,
  );
  const hiddenCount = sorted.length - shown.length;
  const isCurrentKnown = sorted.some((topic) => topic.name.toLowerCase() === current);
  if (currentTopic !== undefined && currentTopic !== "" && !isCurrentKnown) {
    shown.unshift({ name: currentTopic, max_id: 0 });
  }
  return { shown, hiddenCount };
}

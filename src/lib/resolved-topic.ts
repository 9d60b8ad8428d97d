/** Zulip's `RESOLVED_TOPIC_PREFIX`: a topic named "✔ …" is resolved. */
const RESOLVED_TOPIC_PREFIX = "✔ ";

/** Whether a topic is marked resolved. */
export function isResolvedTopic(topic: string): boolean {
  return topic.startsWith(RESOLVED_TOPIC_PREFIX);
}

/**
 * The topic's name once resolved ("✔ lunch") or unresolved ("lunch": every leading "✔" and
 * space goes, as the server's check of an unresolve expects).
 */
export function toggledResolvedName(topic: string): string {
  return isResolvedTopic(topic) ? topic.replace(/^[✔ ]+/u, "") : `${RESOLVED_TOPIC_PREFIX}${topic}`;
}

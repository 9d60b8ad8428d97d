import type { Topic } from "../../../common/wire/streams";

/** One line of the topic list. */
export interface TopicRow {
  readonly name: string;
  readonly maxId: number;
  /** When its newest message was sent (UNIX seconds), when known. */
  readonly lastActive: number | undefined;
}

/**
 * The topic list's rows: newest first (by newest message id), those whose name contains
 * `filter` (ignoring case), each dated by `timeOf` (the newest message's time, when known).
 */
export function topicRows(
  topics: readonly Topic[],
  filter: string,
  timeOf: (topic: Topic) => number | undefined,
): TopicRow[] {
  const text = filter.trim().toLowerCase();
  return topics
    .filter((topic) => text === "" || topic.name.toLowerCase().includes(text))
    .sort((a, b) => b.max_id - a.max_id)
    .map((topic) => ({ name: topic.name, maxId: topic.max_id, lastActive: timeOf(topic) }));
}

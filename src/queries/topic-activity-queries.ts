import { queryOptions } from "@tanstack/react-query";
import { getMessages } from "../api/messages";
import type { Message } from "../../common/wire/message";
import { sessionStore } from "../stores/session-store";

/** How many of a stream's newest messages are read to date its recent topics. */
const ACTIVITY_WINDOW = 500;

/** Topic (lower case, as topics compare) → the time (UNIX seconds) of its newest message. */
export type TopicActivity = ReadonlyMap<string, number>;

/** The newest message time of each topic among `messages`. */
function activityOfMessages(messages: readonly Message[]): TopicActivity {
  const activity = new Map<string, number>();
  for (const message of messages) {
    const key = message.subject.toLowerCase();
    activity.set(key, Math.max(activity.get(key) ?? 0, message.timestamp));
  }
  return activity;
}

/**
 * When a stream's topics were last active. No endpoint says so (topics carry only `max_id`), so
 * one window of the stream's newest messages dates the recent topics; older topics stay
 * undated unless their newest message is in the message store.
 */
export const topicActivityQueries = {
  all: () => ["topic-activity"] as const,
  /** `GET messages` (the stream's newest `ACTIVITY_WINDOW`, Markdown source, not kept). */
  stream: (streamId: number) =>
    queryOptions({
      queryKey: [...topicActivityQueries.all(), streamId] as const,
      queryFn: async ({ signal }): Promise<TopicActivity> => {
        const client = sessionStore.getState().client;
        const response = await getMessages(
          client,
          {
            anchor: "newest",
            num_before: ACTIVITY_WINDOW,
            num_after: 0,
            narrow: [{ operator: "stream", operand: streamId }],
            apply_markdown: false,
          },
          { signal },
        );
        return activityOfMessages(response.messages);
      },
      staleTime: 60_000,
    }),
};

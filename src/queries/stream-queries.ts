import { queryOptions } from "@tanstack/react-query";
import { getStreams, getStreamTopics } from "../api/streams";
import { sessionStore } from "../stores/session-store";

/** Streams the caller can see, and their topics. */
export const streamQueries = {
  all: () => ["streams"] as const,
  /**
   * `GET streams`: public and subscribed streams. Seeded from the register snapshot (`streams`)
   * and kept current by `stream` events, so it never goes stale on its own.
   */
  list: () =>
    queryOptions({
      queryKey: [...streamQueries.all(), "list"] as const,
      queryFn: async ({ signal }) => {
        const response = await getStreams(sessionStore.getState().client, {}, { signal });
        return response.streams;
      },
      staleTime: Infinity,
    }),
  /** Every stream's topic list, for invalidating them together. */
  allTopics: () => [...streamQueries.all(), "topics"] as const,
  /**
   * `GET users/me/{stream_id}/topics`, newest first. New messages and moves bump it, but only
   * for streams whose events reach us (subscribed ones), hence a finite staleness.
   */
  topics: (streamId: number) =>
    queryOptions({
      queryKey: [...streamQueries.allTopics(), streamId] as const,
      queryFn: async ({ signal }) => {
        const client = sessionStore.getState().client;
        const response = await getStreamTopics(client, { stream_id: streamId }, { signal });
        return response.topics;
      },
      staleTime: 60_000,
    }),
};

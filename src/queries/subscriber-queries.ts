import { queryOptions } from "@tanstack/react-query";
import { getSubscriptions } from "../api/subscriptions";
import { sessionStore } from "../stores/session-store";

/**
 * Who is subscribed to the streams the user is subscribed to. A query of its own because the
 * register snapshot is fetched without subscriber lists (they are large, and only a stream's
 * settings page shows them). Refetched after our own changes (the caller invalidates `all()`),
 * and after 30 s for other people's.
 */
export const subscriberQueries = {
  all: () => ["subscribers"] as const,
  /** `GET users/me/subscriptions?include_subscribers=true`: stream id → subscriber ids. */
  byStream: () =>
    queryOptions({
      queryKey: [...subscriberQueries.all(), "by-stream"] as const,
      queryFn: async ({ signal }) => {
        const client = sessionStore.getState().client;
        const response = await getSubscriptions(client, { include_subscribers: true }, { signal });
        return new Map(
          response.subscriptions.map((sub) => [sub.stream_id, sub.subscribers ?? []] as const),
        );
      },
      staleTime: 30_000,
    }),
};

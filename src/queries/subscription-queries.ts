import { queryOptions } from "@tanstack/react-query";
import { getSubscriptions } from "../api/subscriptions";
import { sessionStore } from "../stores/session-store";

/**
 * The caller's subscriptions. Seeded from the register snapshot by the event machine and kept
 * current by events, so they never go stale on their own.
 */
export const subscriptionQueries = {
  all: () => ["subscriptions"] as const,
  /** `GET users/me/subscriptions`: the subscription objects, in server order. */
  list: () =>
    queryOptions({
      queryKey: [...subscriptionQueries.all(), "list"] as const,
      queryFn: async ({ signal }) => {
        const response = await getSubscriptions(sessionStore.getState().client, {}, { signal });
        return response.subscriptions;
      },
      staleTime: Infinity,
    }),
};

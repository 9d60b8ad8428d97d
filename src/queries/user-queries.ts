import { queryOptions } from "@tanstack/react-query";
import { getOwnUser } from "../api/users";
import { sessionStore } from "../stores/session-store";

/** Users; keys are per session, and the cache is cleared on logout. */
export const userQueries = {
  all: () => ["users"] as const,
  /** `GET users/me`: the logged-in user's profile. */
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), "me"] as const,
      queryFn: ({ signal }) => getOwnUser(sessionStore.getState().client, { signal }),
      staleTime: 5 * 60_000,
    }),
};

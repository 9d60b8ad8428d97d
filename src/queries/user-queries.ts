import { queryOptions } from "@tanstack/react-query";
import { getUserPresence } from "../api/presence";
import { getOwnUser, getUsers } from "../api/users";
import { sessionStore } from "../stores/session-store";

/** Users; keys are per session, and the cache is cleared on logout. */
export const userQueries = {
  all: () => ["users"] as const,
  /** `GET users/me`: the logged-in user's profile. `realm_user` updates patch it. */
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), "me"] as const,
      queryFn: ({ signal }) => getOwnUser(sessionStore.getState().client, { signal }),
      staleTime: 5 * 60_000,
    }),
  /**
   * `GET users`: everyone, deactivated users included (`is_active` false). Seeded from the
   * register snapshot and kept current by `realm_user` events.
   */
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), "list"] as const,
      queryFn: async ({ signal }) => {
        const response = await getUsers(sessionStore.getState().client, {}, { signal });
        return response.members;
      },
      staleTime: Infinity,
    }),
  /** Every single-user presence, for invalidating them together. */
  allPresence: () => [...userQueries.all(), "presence"] as const,
  /** `GET users/{email}/presence`: one user's clients and `aggregated`. */
  presence: (email: string) =>
    queryOptions({
      queryKey: [...userQueries.allPresence(), email] as const,
      queryFn: async ({ signal }) => {
        const client = sessionStore.getState().client;
        const response = await getUserPresence(client, { user_id_or_email: email }, { signal });
        return response.presence;
      },
      staleTime: 60_000,
    }),
};

import { queryOptions } from "@tanstack/react-query";
import { devListUsers, getServerSettings } from "../api/server";
import { sessionStore } from "../stores/session-store";

/** Queries about the server itself; they need no login. */
export const serverQueries = {
  all: () => ["server"] as const,
  /** `GET server_settings`: realm name and versions. Rarely changes. */
  settings: () =>
    queryOptions({
      queryKey: [...serverQueries.all(), "settings"] as const,
      queryFn: ({ signal }) => getServerSettings(sessionStore.getState().client, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** `GET dev_list_users`: the development login list (`direct_admins`, `direct_users`). */
  devUsers: () =>
    queryOptions({
      queryKey: [...serverQueries.all(), "dev-users"] as const,
      queryFn: ({ signal }) => devListUsers(sessionStore.getState().client, { signal }),
    }),
};

import { queryOptions } from "@tanstack/react-query";
import { getLinkifiers } from "../api/linkifiers";
import { getCustomEmoji } from "../api/realm-emoji";
import { getUserGroups } from "../api/user-groups";
import { DEFAULT_MOVE_RULES, type MoveRules } from "../lib/move-rules";
import { sessionStore } from "../stores/session-store";

/**
 * The organisation's objects. Each is seeded from the register snapshot and kept current by its
 * event (`realm_emoji`, `realm_linkifiers`, `user_group`), so none goes stale on its own.
 */
export const realmQueries = {
  all: () => ["realm"] as const,
  /** `GET realm/emoji`: custom emoji by id, deactivated ones included. */
  emoji: () =>
    queryOptions({
      queryKey: [...realmQueries.all(), "emoji"] as const,
      queryFn: async ({ signal }) => {
        const response = await getCustomEmoji(sessionStore.getState().client, { signal });
        return response.emoji;
      },
      staleTime: Infinity,
    }),
  /** `GET realm/linkifiers`: in the order they apply. */
  linkifiers: () =>
    queryOptions({
      queryKey: [...realmQueries.all(), "linkifiers"] as const,
      queryFn: async ({ signal }) => {
        const response = await getLinkifiers(sessionStore.getState().client, { signal });
        return response.linkifiers;
      },
      staleTime: Infinity,
    }),
  /** `GET user_groups`: every group, system groups included. */
  userGroups: () =>
    queryOptions({
      queryKey: [...realmQueries.all(), "user-groups"] as const,
      queryFn: async ({ signal }) => {
        const response = await getUserGroups(sessionStore.getState().client, { signal });
        return response.user_groups;
      },
      staleTime: Infinity,
    }),
  /**
   * Who may move messages, and how long after sending: the register snapshot's
   * `realm_move_messages_*` (no endpoint answers them alone, so Zulip's defaults until seeded).
   */
  moveRules: () =>
    queryOptions({
      queryKey: [...realmQueries.all(), "move-rules"] as const,
      queryFn: (): MoveRules => DEFAULT_MOVE_RULES,
      staleTime: Infinity,
    }),
};

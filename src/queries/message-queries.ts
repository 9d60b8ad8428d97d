import { queryOptions } from "@tanstack/react-query";
import { getMessageHistory } from "../api/messages";
import { sessionStore } from "../stores/session-store";

/**
 * What the server knows about one message beyond the message store. Messages themselves live
 * in the message store, never here.
 */
export const messageQueries = {
  all: () => ["messages"] as const,
  /** `GET messages/{id}/history`: snapshots, the original first. Invalidated by edits. */
  history: (messageId: number) =>
    queryOptions({
      queryKey: [...messageQueries.all(), "history", messageId] as const,
      queryFn: async ({ signal }) => {
        const client = sessionStore.getState().client;
        const response = await getMessageHistory(client, { message_id: messageId }, { signal });
        return response.message_history;
      },
    }),
};

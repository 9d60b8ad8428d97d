import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../api/client";
import { getMessage, getMessageHistory } from "../api/messages";
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

/**
 * The Markdown source of a message (`GET messages/{id}` without Markdown applied): what the
 * editor and a quote start from. Never cached: an edit elsewhere changes it.
 */
export async function fetchRawContent(
  client: ApiClient,
  messageId: number,
  signal?: AbortSignal,
): Promise<string> {
  const response = await getMessage(
    client,
    { message_id: messageId, apply_markdown: false },
    { signal },
  );
  return response.raw_content ?? response.message.content;
}

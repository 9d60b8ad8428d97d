import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { getAttachments, removeAttachment } from "../api/uploads";
import { sessionStore, useSessionStore } from "../stores/session-store";

/** The user's uploads (`GET attachments`): asked for when the page opens, not in register. */
export const attachmentQueries = {
  all: () => ["attachments"] as const,
  /** The uploads with the messages that link each, and the organisation's space used. */
  list: () =>
    queryOptions({
      queryKey: [...attachmentQueries.all(), "list"] as const,
      queryFn: ({ signal }) => getAttachments(sessionStore.getState().client, { signal }),
      staleTime: 0,
    }),
};

/** `DELETE attachments/{id}`; the list is asked again after. */
export function useRemoveAttachment() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) => removeAttachment(client, attachmentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentQueries.all() }),
  });
}

import { useMutation } from "@tanstack/react-query";
import { deleteMessage, updateMessage, type UpdateMessageParams } from "../api/messages";
import { useSessionStore } from "../stores/session-store";

/**
 * `PATCH messages/{id}`: new content and/or a move. Nothing is cached to update: the message
 * store follows from the server's `update_message` event.
 */
export function useUpdateMessage() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (params: UpdateMessageParams) => updateMessage(client, params),
  });
}

/** `DELETE messages/{id}`: the message leaves every view through the `delete_message` event. */
export function useDeleteMessage() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (messageId: number) => deleteMessage(client, { message_id: messageId }),
  });
}

import { useMutation } from "@tanstack/react-query";
import { deleteMessage, updateMessage, type UpdateMessageParams } from "../api/messages";
import { toggledResolvedName } from "../lib/resolved-topic";
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

/**
 * Marks a topic resolved, or unresolved if it is: Zulip's rename of the whole topic to or from
 * "✔ topic" (`propagate_mode=change_all`, through any of its messages), after which the server
 * posts its notice in the topic. Every view follows from the `update_message` event.
 */
export function useToggleTopicResolved() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: ({ messageId, topic }: { messageId: number; topic: string }) =>
      updateMessage(client, {
        message_id: messageId,
        topic: toggledResolvedName(topic),
        propagate_mode: "change_all",
        send_notification_to_old_thread: false,
        send_notification_to_new_thread: true,
      }),
  });
}

import { useMutation } from "@tanstack/react-query";
import { sendMessage } from "../../api/messages";
import { useSessionStore } from "../../stores/session-store";
import { createLocalId } from "./local-id";

/** What the compose box sends. */
export interface StreamDraft {
  streamName: string;
  topic: string;
  content: string;
}

/**
 * Sends a stream message. It appears in the list through its `message` event, not from this
 * response, so a message is never shown twice.
 */
export function useSendMessage() {
  const client = useSessionStore((session) => session.client);
  const queueId = useSessionStore((session) => session.queueId);
  return useMutation({
    mutationFn: (draft: StreamDraft) =>
      sendMessage(client, {
        type: "stream",
        to: draft.streamName,
        topic: draft.topic,
        content: draft.content,
        queue_id: queueId ?? undefined,
        local_id: createLocalId(),
      }),
  });
}

import { useState } from "react";
import type { Narrow } from "../../lib/narrow";
import { useSendMessage } from "./use-send-message";

/**
 * The compose box's state: the draft, sending, and the error to show. The text is cleared only
 * once the server accepted it; on failure it stays.
 */
export function useCompose(narrow: Narrow) {
  const [topic, setTopic] = useState(narrow.kind === "topic" ? narrow.topic : "");
  const [content, setContent] = useState("");
  const [validationError, setValidationError] = useState<string | null>(null);
  const send = useSendMessage();

  const submit = () => {
    if (send.isPending || content.trim() === "") return;
    if (topic.trim() === "") {
      setValidationError("Please enter a topic.");
      return;
    }
    setValidationError(null);
    send.mutate(
      { streamName: narrow.streamName, topic: topic.trim(), content },
      {
        onSuccess: () => {
          setContent("");
        },
      },
    );
  };

  const error =
    validationError ?? (send.isError ? `Message not sent: ${send.error.message}` : null);
  return { topic, setTopic, content, setContent, submit, error, isSending: send.isPending };
}

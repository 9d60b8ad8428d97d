import { useState } from "react";
import type { Message } from "../../../common/wire/message";
import { useUpdateMessage } from "../../queries/message-mutations";
import { uiActions, currentEditingMessageId } from "../../stores/ui-store";
import { errorText } from "../../lib/error-text";

/** What an edit changes: only the fields that differ from the message as it is. */
function editChanges(
  message: Pick<Message, "type" | "subject">,
  original: string,
  next: { content: string; topic: string },
): { content?: string; topic?: string } {
  const changes: { content?: string; topic?: string } = {};
  if (next.content !== original) changes.content = next.content;
  if (message.type === "stream" && next.topic.trim() !== message.subject) {
    changes.topic = next.topic.trim();
  }
  return changes;
}

/**
 * Saving an edit: `PATCH messages/{id}` with what changed (a topic change moves this message
 * only). The message updates from the server's event; on success the editor closes, on
 * failure it stays open with the server's reason.
 */
export function useEditMessage(message: Message) {
  const update = useUpdateMessage();
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (original: string, next: { content: string; topic: string }) => {
    const changes = editChanges(message, original, next);
    if (changes.content === undefined && changes.topic === undefined) {
      uiActions.stopEditing();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await update.mutateAsync({
        message_id: message.id,
        content: changes.content,
        topic: changes.topic,
        propagate_mode: changes.topic === undefined ? undefined : "change_one",
      });
      if (currentEditingMessageId() === message.id) uiActions.stopEditing();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  };
  return { save, isSaving, error };
}

import { useState } from "react";
import type { Message } from "../../../common/wire/message";
import { ConfirmDialog } from "../../components/dialog";
import { useDeleteMessage } from "../../queries/message-mutations";
import { errorText } from "../../lib/error-text";

/**
 * Asks before deleting a message for everyone. The message leaves every view through the
 * server's `delete_message` event; a refusal is shown in the dialog.
 */
export function DeleteMessageDialog({
  message,
  onClose,
}: {
  message: Message;
  onClose: () => void;
}) {
  const deletion = useDeleteMessage();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deletion.mutateAsync(message.id);
      onClose();
    } catch (caught) {
      setError(errorText(caught));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title="Delete message?"
      confirmLabel={isBusy ? "Deleting…" : "Delete"}
      isDanger
      isBusy={isBusy}
      error={error}
      onConfirm={() => {
        void confirm();
      }}
      onCancel={onClose}
    >
      <p>
        This deletes the message from {message.sender_full_name} for everyone. It cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

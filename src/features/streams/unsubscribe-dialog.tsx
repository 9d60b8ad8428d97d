import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "../../components/dialog";
import { errorMessage } from "./error-message";
import { useUnsubscribe } from "../../queries/subscription-mutations";

/** The stream to leave: its name (the API names streams) and whether it is private. */
export interface StreamToLeave {
  readonly name: string;
  readonly invite_only: boolean;
}

/**
 * Leaving a stream, after a confirmation: `request(stream)` opens the dialog, which the caller
 * renders (`dialog`). Errors show in the dialog; it closes once the server agrees.
 */
export function useUnsubscribeFlow(): {
  request: (stream: StreamToLeave) => void;
  dialog: ReactNode;
} {
  const unsubscribe = useUnsubscribe();
  const [stream, setStream] = useState<StreamToLeave | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setStream(null);
    setError(null);
    unsubscribe.reset();
  };
  const confirm = () => {
    if (stream === null) return;
    setError(null);
    unsubscribe.mutate(
      { streamName: stream.name },
      {
        onSuccess: close,
        onError: (failure) => {
          setError(`Could not unsubscribe from #${stream.name}: ${errorMessage(failure)}`);
        },
      },
    );
  };

  const dialog =
    stream === null ? null : (
      <ConfirmDialog
        title={`Unsubscribe from #${stream.name}?`}
        confirmLabel="Unsubscribe"
        isDanger
        isBusy={unsubscribe.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>
          {stream.invite_only
            ? "This stream is private: to come back, a subscriber will have to add you again."
            : "You can subscribe again at any time from Browse streams."}
        </p>
      </ConfirmDialog>
    );
  return {
    request: (next) => {
      setError(null);
      setStream(next);
    },
    dialog,
  };
}

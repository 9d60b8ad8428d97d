import { useCallback, useState } from "react";
import type { ApiClient } from "../../api/client";
import { useSessionStore } from "../../stores/session-store";
import { errorMessage } from "../streams/error-message";

/**
 * Runs a mark-as-read of controllers/mark-read.ts (the counts drop at once, and come back if the
 * server refuses) and keeps the refusal to show: "Could not mark #general as read: …".
 */
export function useMarkAsRead(): {
  run: (what: string, action: (client: ApiClient) => Promise<void>) => void;
  error: string | null;
  dismiss: () => void;
} {
  const client = useSessionStore((session) => session.client);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    (what: string, action: (client: ApiClient) => Promise<void>) => {
      setError(null);
      action(client).catch((failure: unknown) => {
        setError(`Could not mark ${what} as read: ${errorMessage(failure)}`);
      });
    },
    [client],
  );
  const dismiss = useCallback(() => {
    setError(null);
  }, []);
  return { run, error, dismiss };
}

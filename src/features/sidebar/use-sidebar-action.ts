import { useCallback, useState } from "react";
import { errorMessage } from "../streams/error-message";

/**
 * Runs a sidebar menu's action and keeps its refusal to show beside the list:
 * "Could not mute “lunch”: …".
 */
export function useSidebarAction(): {
  run: (failure: string, action: () => Promise<unknown>) => void;
  error: string | null;
  dismiss: () => void;
} {
  const [error, setError] = useState<string | null>(null);
  const run = useCallback((failure: string, action: () => Promise<unknown>) => {
    setError(null);
    action().catch((cause: unknown) => {
      setError(`${failure}: ${errorMessage(cause)}`);
    });
  }, []);
  const dismiss = useCallback(() => {
    setError(null);
  }, []);
  return { run, error, dismiss };
}

import { useCallback, useEffect, useRef, useState } from "react";

/** Where the last copy stands, for the visible "Copied" / failure message. */
export type CopyStatus =
  | { readonly kind: "idle" }
  | { readonly kind: "copied" }
  | { readonly kind: "failed"; readonly reason: string };

const IDLE: CopyStatus = { kind: "idle" };

/**
 * Copies text with the Clipboard API and reports how it went. Without the API (an insecure
 * origin, an old browser) or when the browser refuses, the status says so, so the user knows
 * to select and copy by hand. `reset` forgets the last result (e.g. when the text is hidden).
 */
export function useCopyText(): {
  status: CopyStatus;
  copy: (text: string) => void;
  reset: () => void;
} {
  const [status, setStatus] = useState<CopyStatus>(IDLE);
  // A copy that finishes after the component has gone must not set state.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const copy = useCallback((text: string) => {
    // `navigator.clipboard` is absent outside secure contexts although the type says otherwise.
    if (!("clipboard" in navigator)) {
      setStatus({ kind: "failed", reason: "This browser does not allow copying here." });
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => {
        if (isMounted.current) setStatus({ kind: "copied" });
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        if (isMounted.current) setStatus({ kind: "failed", reason });
      },
    );
  }, []);

  const reset = useCallback(() => {
    setStatus(IDLE);
  }, []);

  return { status, copy, reset };
}

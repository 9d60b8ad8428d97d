import { useEffect, useEffectEvent } from "react";
import { narrowFromHash, narrowKey, type Narrow } from "../../lib/narrow";
import { type ComposeRequest, watchComposeRequests } from "../../stores/ui-store";

// The newest request some compose box has taken. Module-wide because the box that takes a
// request may mount after it was made (Reply changes the narrow, then asks for compose).
let lastTakenSequence = 0;

/** Whether the box of `narrow` should take `request` now. */
function isForThisBox(request: ComposeRequest | null, narrow: Narrow): request is ComposeRequest {
  if (request === null || request.sequence <= lastTakenSequence) return false;
  // The hash changes at once but the new narrow's box mounts later: leave it to that box.
  const current = narrowFromHash(window.location.hash);
  return current === undefined || narrowKey(current) === narrowKey(narrow);
}

/**
 * Calls `onRequest` once for each `uiStore.requestCompose` (the `c` and `r` shortcuts, Reply,
 * Quote) meant for this narrow's box, including one made just before this box mounted.
 */
export function useComposeRequest(
  narrow: Narrow,
  onRequest: (request: ComposeRequest) => void,
): void {
  const take = useEffectEvent((request: ComposeRequest | null) => {
    if (!isForThisBox(request, narrow)) return;
    lastTakenSequence = request.sequence;
    onRequest(request);
  });
  useEffect(
    () =>
      watchComposeRequests((request) => {
        take(request);
      }),
    [],
  );
}

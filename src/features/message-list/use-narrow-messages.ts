import { useCallback, useEffect, useMemo } from "react";
import type { Message } from "../../api/types/message";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { fetchNewestMessages } from "../../stores/message-fetch";
import { useMessageStore, type NarrowState } from "../../stores/message-store";
import { useSessionStore } from "../../stores/session-store";

/** Whether the narrow should be (re)fetched now: missing, or no longer known to be current. */
function needsFetch(state: NarrowState | undefined): boolean {
  if (state === undefined) return true;
  return !state.found_newest && !state.isLoading && state.error === null;
}

/**
 * The messages of a narrow, oldest first, kept live by events. Fetches the newest window when
 * the narrow opens, and again after a resync; waits for the event queue so nothing is missed.
 */
export function useNarrowMessages(narrow: Narrow): {
  messages: Message[];
  state: NarrowState | undefined;
  retry: () => void;
} {
  const key = narrowKey(narrow);
  const state = useMessageStore((store) => store.narrows[key]);
  const byId = useMessageStore((store) => store.messages);
  const client = useSessionStore((session) => session.client);
  const hasQueue = useSessionStore((session) => session.queueId !== null);
  const shouldFetch = hasQueue && needsFetch(state);

  useEffect(() => {
    if (shouldFetch) void fetchNewestMessages(client, narrow);
  }, [shouldFetch, client, narrow]);

  const messages = useMemo(
    () => (state?.ids ?? []).flatMap((id) => byId[id] ?? []),
    [state?.ids, byId],
  );
  const retry = useCallback(() => {
    void fetchNewestMessages(client, narrow);
  }, [client, narrow]);

  return { messages, state, retry };
}

import { useEffect, useState } from "react";
import { useSessionStore, type ConnectionState } from "../../stores/session-store";

/** What of the session tells that the server was reached. */
export interface ServerContact {
  readonly queueId: string | null;
  readonly state: ConnectionState;
}

/**
 * A detector of the server being reached again, fed each session change: true when an event
 * queue is registered after an earlier one (the server forgot the old one: a restart, a deploy,
 * a long absence) or when the connection is live again after it was lost (a restart that kept
 * its queues). Not at the first registration: the page was just loaded from the server.
 */
export function serverReturnDetector(): (contact: ServerContact) => boolean {
  let lastQueueId: string | null = null;
  let lastState: ConnectionState | null = null;
  return ({ queueId, state }) => {
    const isNewQueue = queueId !== null && lastQueueId !== null && queueId !== lastQueueId;
    const isLiveAgain = state === "live" && lastState === "reconnecting";
    if (queueId !== null) lastQueueId = queueId;
    lastState = state;
    return isNewQueue || isLiveAgain;
  };
}

/** Calls `onReturn` each time the server is reached again (see `serverReturnDetector`). */
export function useServerReturn(onReturn: () => void): void {
  const queueId = useSessionStore((session) => session.queueId);
  const state = useSessionStore((session) => session.connection.state);
  const [isReturn] = useState(serverReturnDetector);
  useEffect(() => {
    if (isReturn({ queueId, state })) onReturn();
  }, [isReturn, queueId, state, onReturn]);
}

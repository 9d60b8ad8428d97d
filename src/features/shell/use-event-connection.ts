import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectEvents } from "../../events/connect-events";
import { renderContextFromQueries } from "../../queries/render-context";
import { useSessionStore } from "../../stores/session-store";
import { endSession, SESSION_ENDED_NOTICE } from "../login/session-actions";

/** Runs the event machine for as long as the logged-in client lives. */
export function useEventConnection(): void {
  const queryClient = useQueryClient();
  const client = useSessionStore((session) => session.client);
  useEffect(
    () =>
      connectEvents(client, {
        queryClient,
        renderContext: () => renderContextFromQueries(queryClient),
        onUnauthorized: () => {
          endSession(queryClient, SESSION_ENDED_NOTICE);
        },
      }),
    [client, queryClient],
  );
}

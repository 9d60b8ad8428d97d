import { useSessionStore, type ConnectionState } from "../../stores/session-store";

const LABELS: Record<ConnectionState, string> = {
  connecting: "Connecting…",
  live: "Connected",
  reconnecting: "Connection lost, retrying…",
  resyncing: "Catching up…",
};

/** The state of the event connection, announced politely when it changes. */
export function ConnectionStatus() {
  const state = useSessionStore((session) => session.connectionState);
  return (
    <p className={`connection-status connection-${state}`} role="status">
      <span className="connection-dot" aria-hidden="true" />
      {LABELS[state]}
    </p>
  );
}

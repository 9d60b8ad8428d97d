import { useSessionStore, type ConnectionInfo, sessionActions } from "../../stores/session-store";
import { useNow } from "../common/use-now";
import "./connection.css";

/** "since 14:02" for an outage that began at `since`. */
function sinceText(since: number | null): string {
  if (since === null) return "";
  const time = new Date(since).toLocaleTimeString(undefined, {
    hour: "2-digit",
    minute: "2-digit",
  });
  return ` since ${time}`;
}

/** "Retrying in 12 s." while waiting to retry, else "Reconnecting…". */
function retryText(connection: ConnectionInfo, now: number): string {
  if (connection.nextAttemptAt === null) return "Reconnecting…";
  const seconds = Math.ceil((connection.nextAttemptAt - now) / 1000);
  return seconds <= 0 ? "Reconnecting…" : `Retrying in ${seconds} s.`;
}

/**
 * Whether the server could not be reached before this page had a queue (opened offline, or
 * the server is down): the page shows what this device saved.
 */
function isUnreachable(connection: ConnectionInfo): boolean {
  return (
    connection.state !== "live" && connection.state !== "reconnecting" && connection.failures > 0
  );
}

/** What the connection is doing, in words a user understands. */
function describeConnection(connection: ConnectionInfo, now: number): string {
  if (isUnreachable(connection)) {
    return (
      "Offline: the server cannot be reached. Showing what this device saved; " +
      `what you send goes out once it is back. ${retryText(connection, now)}`
    );
  }
  switch (connection.state) {
    case "connecting":
      return "Connecting…";
    case "live":
      return "Connected";
    case "resyncing":
      return "Catching up on what you missed…";
    case "reconnecting":
      return `Connection lost${sinceText(connection.since)}. ${retryText(connection, now)}`;
  }
}

/**
 * The state of the event connection as a banner under the top bar: nothing to see while live
 * (the words stay for screen readers), a quiet line while connecting or catching up, and a
 * warning with a countdown and "Retry now" while reconnecting. Announced politely when it changes.
 */
export function ConnectionStatus() {
  const connection = useSessionStore((session) => session.connection);
  const retryNow = () => {
    sessionActions.retryConnectionNow();
  };
  const isDown = connection.state === "reconnecting" || isUnreachable(connection);
  const isWaiting = isDown && connection.nextAttemptAt !== null;
  const now = useNow(isWaiting);
  const isLive = connection.state === "live";
  return (
    <div
      className={`status-pill connection-status connection-${isUnreachable(connection) ? "offline" : connection.state}`}
      data-testid="connection-status"
      data-state={connection.state}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span role="status" className={isLive ? "visually-hidden" : "connection-text"}>
        {describeConnection(connection, now)}
      </span>
      {isDown && (
        <button type="button" className="button connection-retry" onClick={retryNow}>
          Retry now
        </button>
      )}
    </div>
  );
}

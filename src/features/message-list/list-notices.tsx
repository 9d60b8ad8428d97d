import type { Narrow } from "../../lib/narrow";
import type { NarrowState } from "../../stores/message-store";

/** What an empty narrow says: each view has its own reason to be empty. */
function emptyText(narrow: Narrow): string {
  switch (narrow.kind) {
    case "search":
      return `No messages match “${narrow.query}”.`;
    case "starred":
      return "No starred messages yet. Star a message to find it here.";
    case "mentions":
      return "Nobody has mentioned you yet.";
    case "dm":
      return "No messages in this conversation yet. Say hello!";
    default:
      return "No messages here yet. Say hello!";
  }
}

/**
 * The list's state lines: above the messages the beginning of the conversation, older messages
 * loading, the first load, a load error with "Try again", or the empty state; below them newer
 * messages loading.
 */
export function ListNotices({
  narrow,
  state,
  hasMessages,
  isEmpty,
  isAtStart,
  retry,
  place,
}: {
  narrow: Narrow;
  state: NarrowState | undefined;
  hasMessages: boolean;
  isEmpty: boolean;
  /** The window reaches the first loaded row. */
  isAtStart: boolean;
  retry: () => void;
  place: "top" | "bottom";
}) {
  if (place === "bottom") {
    return state?.loadingNewer === true && !state.found_newest && hasMessages ? (
      <p className="list-notice" role="status">
        Loading newer messages…
      </p>
    ) : null;
  }
  const isFirstLoad = !hasMessages && (state === undefined || state.isLoading);
  const hasError = state !== undefined && state.error !== null;
  const isEmptyNarrow = isEmpty && state !== undefined && !state.isLoading && !hasError;
  return (
    <>
      {state?.isSearchedOnDevice === true && (
        <p className="list-notice list-device-search" role="status">
          Offline: these are the messages saved on this device that match. The server’s results
          replace them once it can be reached.
        </p>
      )}
      {state?.found_oldest === true && !state.isSearchedOnDevice && hasMessages && isAtStart && (
        <p className="list-notice list-beginning">This is the beginning of the conversation.</p>
      )}
      {state?.loadingOlder === true && hasMessages && (
        <p className="list-notice" role="status">
          Loading older messages…
        </p>
      )}
      {isFirstLoad && (
        <p className="list-notice" role="status">
          <span className="list-spinner" aria-hidden="true" /> Loading messages…
        </p>
      )}
      {hasError && (
        <p className="list-notice list-error" role="alert">
          Could not load messages: {state.error}{" "}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {isEmptyNarrow && <p className="list-notice list-empty">{emptyText(narrow)}</p>}
    </>
  );
}

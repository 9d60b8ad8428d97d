import { useRef } from "react";
import type { Narrow } from "../../lib/narrow";
import { useOutboxForNarrow } from "../../stores/outbox-store";
import { MessageItem } from "./message-item";
import { OutboxItem } from "./outbox-item";
import { useNarrowMessages } from "./use-narrow-messages";
import { useScrollKeeper } from "./use-scroll-keeper";

/**
 * The messages of the current narrow, oldest at the top, newest at the bottom, live, followed by
 * the user's messages still on their way out. Older messages load when scrolling up without
 * moving what is on screen; a new message never moves what the user is reading.
 */
export function MessageList({ narrow }: { narrow: Narrow }) {
  const { messages, state, retry, loadOlder, loadNewer, jumpToNewest } = useNarrowMessages(narrow);
  const outbox = useOutboxForNarrow(narrow);
  const scrollRef = useRef<HTMLDivElement>(null);
  const ids = state?.ids ?? [];
  const { onScroll, followNewest } = useScrollKeeper({
    scrollRef,
    state,
    ids,
    loadOlder,
    loadNewer,
  });
  const itemCount = messages.length + outbox.length;

  const isFirstLoad = messages.length === 0 && (state === undefined || state.isLoading);
  const isEmpty =
    itemCount === 0 && state !== undefined && !state.isLoading && state.error === null;

  return (
    <div className="message-scroll" ref={scrollRef} onScroll={onScroll}>
      {state?.found_oldest === true && messages.length > 0 && (
        <p className="muted centered">This is the beginning of the conversation.</p>
      )}
      {state?.loadingOlder === true && messages.length > 0 && (
        <p className="muted centered" role="status">
          Loading older messages…
        </p>
      )}
      {isFirstLoad && (
        <p className="muted centered" role="status">
          Loading messages…
        </p>
      )}
      {state !== undefined && state.error !== null && (
        <p className="error centered" role="alert">
          Could not load messages: {state.error}{" "}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {isEmpty && <p className="muted centered">No messages here yet. Say hello!</p>}
      <ol className="messages" aria-label="Messages">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} narrow={narrow} />
        ))}
        {outbox.map((entry) => (
          <OutboxItem key={entry.localId} entry={entry} narrow={narrow} />
        ))}
      </ol>
      {state !== undefined && !state.found_newest && messages.length > 0 && (
        <p className="muted centered">
          {state.loadingNewer ? "Loading newer messages…" : "There are newer messages below. "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              followNewest();
              jumpToNewest();
            }}
          >
            Jump to newest
          </button>
        </p>
      )}
    </div>
  );
}

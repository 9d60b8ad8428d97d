import { useLayoutEffect, useRef } from "react";
import type { Narrow } from "../../lib/narrow";
import { MessageItem } from "./message-item";
import { useNarrowMessages } from "./use-narrow-messages";

/** How close to the bottom (px) still counts as "reading the newest", so new messages scroll in. */
const STICK_TO_BOTTOM_PX = 80;

/** The messages of the current narrow, oldest at the top, newest at the bottom, live. */
export function MessageList({ narrow }: { narrow: Narrow }) {
  const { messages, state, retry } = useNarrowMessages(narrow);
  const scrollRef = useRef<HTMLDivElement>(null);
  const isAtBottomRef = useRef(true);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element !== null && isAtBottomRef.current) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (element === null) return;
    isAtBottomRef.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  };

  const isFirstLoad = messages.length === 0 && (state === undefined || state.isLoading);
  const isEmpty =
    messages.length === 0 && state !== undefined && !state.isLoading && state.error === null;

  return (
    <div className="message-scroll" ref={scrollRef} onScroll={onScroll}>
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
      </ol>
    </div>
  );
}

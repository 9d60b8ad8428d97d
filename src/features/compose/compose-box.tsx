import { useId, type KeyboardEvent, type SyntheticEvent } from "react";
import type { Narrow } from "../../lib/narrow";
import { useCompose } from "./use-compose";

/** Topic and message for the current stream. Enter sends, Shift+Enter adds a line. */
export function ComposeBox({ narrow }: { narrow: Narrow }) {
  const compose = useCompose(narrow);
  const errorId = useId();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    compose.submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      compose.submit();
    }
  };

  const hasError = compose.error !== null;
  return (
    <form className="compose" onSubmit={onSubmit} aria-label={`Message #${narrow.streamName}`}>
      <div className="compose-row">
        <span className="compose-stream" aria-hidden="true">
          #{narrow.streamName} &rsaquo;
        </span>
        <input
          className="compose-topic"
          aria-label="Topic"
          placeholder="Topic"
          maxLength={60}
          value={compose.topic}
          onChange={(event) => {
            compose.setTopic(event.target.value);
          }}
        />
      </div>
      <div className="compose-row">
        <textarea
          className="compose-content"
          aria-label="Message"
          placeholder={`Message #${narrow.streamName}`}
          rows={3}
          value={compose.content}
          aria-describedby={hasError ? errorId : undefined}
          aria-invalid={hasError ? true : undefined}
          onChange={(event) => {
            compose.setContent(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="compose-send"
          disabled={compose.isSending || compose.content.trim() === ""}
        >
          {compose.isSending ? "Sending…" : "Send"}
        </button>
      </div>
      {hasError && (
        <p id={errorId} className="error compose-error" role="alert">
          {compose.error}
        </p>
      )}
    </form>
  );
}

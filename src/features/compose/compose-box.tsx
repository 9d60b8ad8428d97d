import { useId, type KeyboardEvent, type SyntheticEvent } from "react";
import type { Narrow } from "../../lib/narrow";
import { MAX_CONTENT_BYTES, utf8Length } from "./compose-limits";
import { useCompose } from "./use-compose";

/** "#general ›" or "To: …" — where the message will go. */
function recipientLabel(narrow: Narrow, userName: (id: number) => string): string {
  switch (narrow.kind) {
    case "stream":
    case "topic":
      return `#${narrow.streamName}`;
    case "dm":
      return narrow.userIds.map(userName).join(", ");
    default:
      return "";
  }
}

/**
 * Topic and message for a stream narrow, or a direct message for a conversation. Enter sends,
 * Shift+Enter adds a line. Limits are shown before sending, so nothing is refused afterwards.
 */
export function ComposeBox({
  narrow,
  userName,
}: {
  narrow: Narrow;
  userName: (id: number) => string;
}) {
  const compose = useCompose(narrow);
  const errorId = useId();
  const recipient = recipientLabel(narrow, userName);

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
  const bytes = utf8Length(compose.content);
  const isNearLimit = bytes > MAX_CONTENT_BYTES * 0.9;
  return (
    <form className="compose" onSubmit={onSubmit} aria-label={`Message ${recipient}`}>
      <div className="compose-row">
        <span className="compose-stream" aria-hidden="true">
          {compose.needsTopic || narrow.kind === "topic" ? `${recipient} ›` : `To: ${recipient}`}
        </span>
        {(compose.needsTopic || narrow.kind === "topic") && (
          <input
            className="compose-topic"
            aria-label="Topic"
            placeholder="Topic"
            value={compose.topic}
            readOnly={narrow.kind === "topic"}
            onChange={(event) => {
              compose.setTopic(event.target.value);
            }}
          />
        )}
      </div>
      <div className="compose-row">
        <textarea
          className="compose-content"
          aria-label="Message"
          placeholder={`Message ${recipient}`}
          rows={3}
          value={compose.content}
          aria-describedby={hasError ? errorId : undefined}
          aria-invalid={hasError ? true : undefined}
          onChange={(event) => {
            compose.setContent(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="compose-send" disabled={compose.content.trim() === ""}>
          Send
        </button>
      </div>
      {isNearLimit && (
        <p className="muted compose-count">
          {bytes.toLocaleString("en")} / {MAX_CONTENT_BYTES.toLocaleString("en")} bytes
        </p>
      )}
      {hasError && (
        <p id={errorId} className="error compose-error" role="alert">
          {compose.error}
        </p>
      )}
    </form>
  );
}

import { memo } from "react";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { draftsStore } from "../../stores/drafts-store";
import { cancelSend, retrySend, type OutboxEntry } from "../../stores/outbox-store";
import { useNow } from "../common/use-now";
import { MessageBody } from "./message-body";

function useSecondsUntil(at: number | null): number | null {
  const now = useNow(at !== null);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function statusText(entry: OutboxEntry, seconds: number | null): string {
  switch (entry.status) {
    case "sending":
    case "sent":
      return "Sending…";
    case "retrying":
      return seconds === null || seconds === 0
        ? "Not sent yet, retrying…"
        : `Not sent yet, retrying in ${seconds} s`;
    case "failed":
      return `Not sent: ${entry.error ?? "the server refused it"}`;
  }
}

/** Cancelling gives the text back to this narrow's compose box (after what is already there). */
function cancelToCompose(entry: OutboxEntry, narrow: Narrow): void {
  const cancelled = cancelSend(entry.localId);
  if (cancelled === undefined) return;
  const key = narrowKey(narrow);
  const existing = draftsStore.getState().drafts[key];
  const topic = cancelled.destination.type === "stream" ? cancelled.destination.topic : "";
  const content =
    existing === undefined || existing.content.trim() === ""
      ? cancelled.content
      : `${existing.content}\n\n${cancelled.content}`;
  draftsStore.getState().draftChanged(key, { topic: existing?.topic ?? topic, content });
}

/** A message on its way out: the local echo, its status, and retry / cancel when it is stuck. */
export const OutboxItem = memo(function OutboxItem({
  entry,
  narrow,
}: {
  entry: OutboxEntry;
  narrow: Narrow;
}) {
  const seconds = useSecondsUntil(entry.status === "retrying" ? entry.nextRetryAt : null);
  const isStuck = entry.status === "failed" || entry.status === "retrying";
  return (
    <li className={`message message-outbox message-${entry.status}`} data-local-id={entry.localId}>
      <article aria-label={`Message from ${entry.echo.sender_full_name}, not yet sent`}>
        <header className="message-header">
          <span className="message-sender">{entry.echo.sender_full_name}</span>
          {entry.echo.type === "stream" && (
            <span className="message-topic">{entry.echo.subject}</span>
          )}
          <span className={entry.status === "failed" ? "error" : "muted"} role="status">
            {statusText(entry, seconds)}
          </span>
        </header>
        <MessageBody html={entry.echo.content} />
        {isStuck && (
          <div className="message-actions">
            <button
              type="button"
              className="link-button"
              onClick={() => {
                retrySend(entry.localId);
              }}
            >
              Retry now
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                cancelToCompose(entry, narrow);
              }}
            >
              Cancel
            </button>
          </div>
        )}
      </article>
    </li>
  );
});

import { memo } from "react";
import { Avatar } from "../../components/avatar";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { draftsActions, currentDraft } from "../../stores/drafts-store";
import { cancelSend, retrySend } from "../../controllers/outbox";
import type { OutboxEntry } from "../../stores/outbox-store";
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
  const existing = currentDraft(key);
  const topic = cancelled.destination.type === "stream" ? cancelled.destination.topic : "";
  const content =
    existing === undefined || existing.content.trim() === ""
      ? cancelled.content
      : `${existing.content}\n\n${cancelled.content}`;
  draftsActions.draftChanged(key, { topic: existing?.topic ?? topic, content });
}

/**
 * A message on its way out: the local echo (faded until the server has it), its status, and
 * retry / cancel when it is stuck. `order` places it among the list's rows (after messages).
 */
export const OutboxItem = memo(function OutboxItem({
  entry,
  narrow,
  order,
}: {
  entry: OutboxEntry;
  narrow: Narrow;
  order?: number;
}) {
  const seconds = useSecondsUntil(entry.status === "retrying" ? entry.nextRetryAt : null);
  const isStuck = entry.status === "failed" || entry.status === "retrying";
  const { echo } = entry;
  return (
    <li
      className={`message-row message-row-start outbox-row outbox-${entry.status}`}
      data-local-id={entry.localId}
      data-order={order}
    >
      <article
        className="message-card"
        aria-label={`Message from ${echo.sender_full_name}, not yet sent`}
      >
        <div className="message-gutter">
          <Avatar url={echo.avatar_url} name={echo.sender_full_name} />
        </div>
        <div className="message-main">
          <header className="message-header">
            <span className="message-sender">{echo.sender_full_name}</span>
            {echo.type === "stream" && (
              <span className="outbox-destination">
                #{typeof echo.display_recipient === "string" ? echo.display_recipient : ""} &gt;{" "}
                {echo.subject}
              </span>
            )}
            <span
              className={entry.status === "failed" ? "outbox-status error" : "outbox-status"}
              role="status"
            >
              {statusText(entry, seconds)}
            </span>
          </header>
          <div className="outbox-body">
            <MessageBody html={echo.content} />
          </div>
          {isStuck && (
            <div className="outbox-actions">
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
        </div>
      </article>
    </li>
  );
});

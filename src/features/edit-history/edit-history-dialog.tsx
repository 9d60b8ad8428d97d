import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Dialog } from "../../components/dialog";
import { formatDateTime, isoDateTime } from "../../lib/time";
import { messageQueries } from "../../queries/message-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { MessageBody } from "../message-list/message-body";
import { useUserName } from "../users/use-user-name";
import { historyCards, type HistoryCard } from "./history-cards";
import { errorText } from "../../lib/error-text";
import "./edit-history.css";

/** "Highlighted changes" shows the server's diffs; "Plain versions" each version whole. */
type HistoryMode = "diff" | "plain";

function useStreamName(): (streamId: number) => string {
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  return (streamId) =>
    subscriptions?.find((sub) => sub.stream_id === streamId)?.name ?? `stream ${streamId}`;
}

function ModeSwitch({
  mode,
  onChange,
}: {
  mode: HistoryMode;
  onChange: (mode: HistoryMode) => void;
}) {
  const name = useId();
  const options: readonly [HistoryMode, string][] = [
    ["diff", "Highlighted changes"],
    ["plain", "Plain versions"],
  ];
  return (
    <fieldset className="history-mode">
      <legend className="visually-hidden">Show</legend>
      {options.map(([value, label]) => (
        <label key={value} className="history-mode-option">
          <input
            type="radio"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => {
              onChange(value);
            }}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function DiffLegend() {
  return (
    <p className="history-legend muted">
      <span className="highlight_text_inserted">Inserted text</span> is underlined in green;{" "}
      <span className="highlight_text_deleted">deleted text</span> is struck through in red.
    </p>
  );
}

function CardBody({ card, mode }: { card: HistoryCard; mode: HistoryMode }) {
  if (mode === "plain" || card.verb === "Posted") {
    return <MessageBody html={card.renderedContent} />;
  }
  if (!card.hasContentChange) return null;
  return <MessageBody html={card.diffHtml ?? card.renderedContent} />;
}

function VersionCard({ card, mode }: { card: HistoryCard; mode: HistoryMode }) {
  const userName = useUserName();
  const streamName = useStreamName();
  const who = card.userId === null ? "someone" : userName(card.userId);
  return (
    <li className="history-card" data-verb={card.verb.toLowerCase()}>
      <header className="history-card-header">
        <h3 className="history-card-title">
          {card.title}
          {card.isCurrent && card.verb !== "Posted" && (
            <span className="history-current"> (current)</span>
          )}
        </h3>
        <p className="history-card-meta muted">
          {card.verb} by {who} ·{" "}
          <time dateTime={isoDateTime(card.timestamp)}>{formatDateTime(card.timestamp)}</time>
        </p>
      </header>
      {card.topicChange !== null && (
        <p className="history-change">
          <span className="history-change-label">Topic:</span>{" "}
          <span className="history-old">{card.topicChange.from}</span>{" "}
          <span aria-label="changed to">→</span>{" "}
          <span className="history-new">{card.topicChange.to}</span>
        </p>
      )}
      {card.streamChange !== null && (
        <p className="history-change">
          <span className="history-change-label">Stream:</span>{" "}
          <span className="history-old">#{streamName(card.streamChange.from)}</span>{" "}
          <span aria-label="changed to">→</span>{" "}
          <span className="history-new">#{streamName(card.streamChange.to)}</span>
        </p>
      )}
      <CardBody card={card} mode={mode} />
    </li>
  );
}

/**
 * A message's edit history: one card per version (the original, then each edit: who, when,
 * topic old → new, and the content with the server's inserted/deleted highlighting), and a
 * switch between the highlighted changes and the plain versions. All HTML is sanitised by
 * `MessageBody`; names and topics are text.
 */
export function EditHistoryDialog({
  messageId,
  onClose,
}: {
  messageId: number;
  onClose: () => void;
}) {
  const history = useQuery(messageQueries.history(messageId));
  const [mode, setMode] = useState<HistoryMode>("diff");
  const cards = useMemo(() => historyCards(history.data ?? []), [history.data]);
  const hasDiff = cards.some((card) => card.hasContentChange);
  return (
    <Dialog title="Edit history" onClose={onClose} className="edit-history-dialog">
      {history.isPending && (
        <p className="muted" role="status">
          Loading edit history…
        </p>
      )}
      {history.isError && history.data === undefined && (
        <p className="error" role="alert">
          Could not load the edit history: {errorText(history.error)}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void history.refetch();
            }}
          >
            Try again
          </button>
        </p>
      )}
      {history.data !== undefined && (
        <>
          <ModeSwitch mode={mode} onChange={setMode} />
          {mode === "diff" && hasDiff && <DiffLegend />}
          <ol className="history-cards" aria-label="Versions">
            {cards.map((card) => (
              <VersionCard key={card.title} card={card} mode={mode} />
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}

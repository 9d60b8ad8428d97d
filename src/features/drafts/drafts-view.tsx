import { useId, useMemo, useState } from "react";
import { Icon } from "../../components/icon";
import { narrowToHash } from "../../lib/narrow";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { draftsActions, useDrafts, type Draft } from "../../stores/drafts-store";
import { formatRelativeTime, useMinuteClock } from "../topics/relative-time";
import { useUserName } from "../users/use-user-name";
import { draftRows, type DraftRow } from "./draft-rows";
import "../../components/page.css";
import "../streams/pane-layout.css";
import "./drafts.css";

/** A deleted draft, kept until the next deletion so that "Undo" can put it back. */
interface Deleted {
  readonly key: string;
  readonly draft: Draft;
  readonly destination: string;
}

function DraftItem({
  row,
  now,
  onDelete,
}: {
  row: DraftRow;
  now: number;
  onDelete: (row: DraftRow) => void;
}) {
  const destinationId = useId();
  return (
    <li className="draft-item" data-key={row.key} aria-labelledby={destinationId}>
      <div className="draft-head">
        <span id={destinationId} className="draft-destination">
          {row.destination}
        </span>
        <time className="draft-time" dateTime={new Date(row.updatedAt).toISOString()}>
          {formatRelativeTime(row.updatedAt / 1000, now)}
        </time>
      </div>
      <p className="draft-content">{row.content}</p>
      <div className="draft-actions">
        {row.narrow !== undefined && (
          <a className="button" href={narrowToHash(row.narrow)}>
            Restore
          </a>
        )}
        <button
          type="button"
          className="button"
          aria-label={`Delete the draft to ${row.destination}`}
          onClick={() => {
            onDelete(row);
          }}
        >
          <Icon name="trash" /> Delete
        </button>
      </div>
    </li>
  );
}

/**
 * Zulip's Drafts: what the compose boxes hold, newest first, with where each goes. Restore
 * opens the draft's narrow, whose compose box holds it; Delete removes it, with an Undo. Live:
 * the drafts store is the list.
 */
export function DraftsView() {
  const headingId = useId();
  const drafts = useDrafts();
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  const userName = useUserName();
  const now = useMinuteClock();
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const rows = useMemo(() => {
    const names = new Map((subscriptions ?? []).map((sub) => [sub.stream_id, sub.name]));
    return draftRows(drafts, {
      streamName: (id) => names.get(id) ?? `stream ${id}`,
      userName,
    });
  }, [drafts, subscriptions, userName]);

  const onDelete = (row: DraftRow) => {
    const draft = drafts[row.key];
    if (draft === undefined) return;
    draftsActions.draftCleared(row.key);
    setDeleted({ key: row.key, draft, destination: row.destination });
  };

  return (
    <section className="drafts-view pane-page" aria-labelledby={headingId}>
      <header className="pane-header">
        <h1 id={headingId} className="pane-title">
          Drafts
        </h1>
        <span className="muted pane-count">
          {rows.length === 1 ? "1 draft" : `${rows.length} drafts`}
        </span>
      </header>
      {deleted !== null && (
        <p className="drafts-notice" role="status">
          <span>Deleted the draft to {deleted.destination}.</span>
          <button
            type="button"
            className="button"
            onClick={() => {
              draftsActions.draftChanged(deleted.key, deleted.draft);
              setDeleted(null);
            }}
          >
            Undo
          </button>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="pane-state">
          No drafts. What you write in a compose box is kept here until you send it.
        </p>
      ) : (
        <ul className="drafts-list" aria-label="Drafts">
          {rows.map((row) => (
            <DraftItem key={row.key} row={row} now={now} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </section>
  );
}

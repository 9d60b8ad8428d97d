import { useId, useMemo, useState, type KeyboardEvent } from "react";
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
 * opens the draft's narrow, whose compose box holds it; Delete (or Backspace on the draft) removes it, with an Undo. Live:
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

  /**
   * Backspace (as Zulip's drafts; Delete too): the draft holding the focus goes, with the same
   * Undo, and the focus moves to the next draft's first control (else the previous one's).
   */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Backspace" && event.key !== "Delete") return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const item =
      event.target instanceof Element ? event.target.closest<HTMLElement>(".draft-item") : null;
    const index = rows.findIndex((row) => row.key === item?.dataset["key"]);
    const row = rows[index];
    if (row === undefined || item === null) return;
    event.preventDefault();
    const neighbour = item.nextElementSibling ?? item.previousElementSibling;
    onDelete(row);
    requestAnimationFrame(() => {
      const next = neighbour?.querySelector<HTMLElement>("a, button");
      // The last draft gone: its Undo.
      (next ?? document.querySelector<HTMLElement>(".drafts-notice button"))?.focus();
    });
  };

  return (
    // Keys bubble here from the drafts' links and buttons.
    <section className="drafts-view pane-page" aria-labelledby={headingId} onKeyDown={onKeyDown}>
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

import { useEffect, useId, useMemo, useState } from "react";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { shellActions } from "../shell/shell-store";
import { Avatar } from "../../components/avatar";
import { presenceLabel, usePresenceOf, usersForPanel, type PresenceStatus } from "./presence";
import "./users.css";

/** A presence dot; the status in words sits beside it for screen readers. */
export function PresenceDot({ status }: { status: PresenceStatus }) {
  return <span className={`presence-dot presence-${status}`} aria-hidden="true" />;
}

/**
 * How many rows the list renders at first, and adds whenever its end comes near the screen: a
 * screen's worth or two, as Zulip's buddy list renders its rows 20 at a time until they fill the
 * screen and more on scroll (web/src/buddy_list.ts, `fill_screen_with_content`). An organisation
 * of thousands would otherwise build, style and lay out every row on each load.
 */
const ROWS_PER_STEP = 40;

/**
 * How many of the list's rows to render, and the ref of an element after them: once it nears
 * the screen, `ROWS_PER_STEP` more. Without IntersectionObserver every row is rendered.
 */
function useRowsShown(total: number): [number, (element: HTMLElement | null) => void] {
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const [end, setEnd] = useState<HTMLElement | null>(null);
  const isProgressive = typeof IntersectionObserver !== "undefined";
  useEffect(() => {
    if (end === null || !isProgressive) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting))
          setShown((count) => count + ROWS_PER_STEP);
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(end);
    return () => {
      observer.disconnect();
    };
  }, [end, isProgressive, shown]);
  return [isProgressive ? Math.min(shown, total) : total, setEnd];
}

/**
 * The organisation's users with their presence, active first, with a filter. A click opens the
 * user's card.
 */
export function UserList() {
  const users = useSnapshotQuery(userQueries.list());
  const statusOf = usePresenceOf();
  const [filter, setFilter] = useState("");
  const headingId = useId();
  const listed = useMemo(
    () => usersForPanel(users.data ?? [], statusOf, filter),
    [users.data, statusOf, filter],
  );
  const activeCount = listed.filter(({ status }) => status === "active").length;
  const [shown, endRef] = useRowsShown(listed.length);

  return (
    <section className="panel-section" aria-labelledby={headingId}>
      <div className="panel-heading-row">
        <h2 id={headingId} className="panel-heading">
          Users
        </h2>
        {users.isSuccess && <span className="panel-heading-note">{activeCount} active</span>}
      </div>
      <input
        type="search"
        className="panel-filter"
        aria-label="Filter users"
        placeholder="Filter users"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
        }}
      />
      {users.isPending && <p className="state-message">Loading users…</p>}
      {users.isError && (
        <p className="state-message error" role="alert">
          Could not load the users.{" "}
          <button type="button" className="link-button" onClick={() => void users.refetch()}>
            Retry
          </button>
        </p>
      )}
      {users.isSuccess && listed.length === 0 && (
        <p className="state-message">{filter === "" ? "No users." : "No user matches."}</p>
      )}
      <ul className="user-list" aria-label="Users">
        {listed.slice(0, shown).map(({ user, status }) => (
          <li key={user.user_id}>
            <button
              type="button"
              className="user-row"
              data-user-id={user.user_id}
              data-presence={status}
              aria-label={`${user.full_name}${user.is_bot ? " (bot)" : ""}, ${presenceLabel(status)}`}
              onClick={() => {
                shellActions.openDialog({ kind: "user", userId: user.user_id });
              }}
            >
              <span className="avatar-with-dot">
                <Avatar name={user.full_name} url={user.avatar_url} size={28} />
                <PresenceDot status={status} />
              </span>
              <span className="user-row-name">{user.full_name}</span>
              {user.is_bot && (
                <span className="badge" aria-hidden="true">
                  Bot
                </span>
              )}
            </button>
          </li>
        ))}
        {shown < listed.length && <li className="user-list-more" ref={endRef} aria-hidden="true" />}
      </ul>
    </section>
  );
}

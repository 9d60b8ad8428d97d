import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
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
 * The organisation's users with their presence, active first, with a filter. A click opens the
 * user's card.
 */
export function UserList() {
  const users = useQuery(userQueries.list());
  const statusOf = usePresenceOf();
  const [filter, setFilter] = useState("");
  const headingId = useId();
  const listed = useMemo(
    () => usersForPanel(users.data ?? [], statusOf, filter),
    [users.data, statusOf, filter],
  );
  const activeCount = listed.filter(({ status }) => status === "active").length;

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
        {listed.map(({ user, status }) => (
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
      </ul>
    </section>
  );
}

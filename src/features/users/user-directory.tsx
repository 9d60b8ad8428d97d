import { useId, useMemo, useState } from "react";
import type { User } from "../../../common/wire/users";
import { Page } from "../../components/page";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { errorMessage } from "../streams/error-message";
import { DEFAULT_USER_SORT, directoryUsers, nextSort, type UserSort } from "./directory-users";
import { PersonButton } from "./person-button";
import { usePresenceOf, type PresenceStatus } from "./presence";
import { UserTable } from "./user-table";
import "./directory-page.css";
import "./user-directory.css";

function countLine(shown: number, total: number, isFiltered: boolean): string {
  const users = (count: number) => (count === 1 ? "1 user" : `${count} users`);
  return isFiltered ? `${shown} of ${users(total)}` : users(total);
}

/** The deactivated accounts, apart and folded: they cannot log in but their cards still open. */
function DeactivatedUsers({
  users,
  statusOf,
}: {
  users: readonly User[];
  statusOf: (user: User) => PresenceStatus;
}) {
  if (users.length === 0) return null;
  return (
    <details className="deactivated-users">
      <summary>Deactivated users ({users.length})</summary>
      <ul aria-label="Deactivated users">
        {users.map((user) => (
          <li key={user.user_id}>
            <PersonButton user={user} status={statusOf(user)} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The organisation's people: a table of the active users (picture, name, email, role, "Bot",
 * presence), searchable by name or email, sortable by name or role; deactivated users folded
 * apart. A name opens the user's card. Kept live by `realm_user` and `presence` events.
 */
export function UserDirectory() {
  const searchId = useId();
  const users = useSnapshotQuery(userQueries.list());
  const statusOf = usePresenceOf();
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const everyone = useMemo(
    () => directoryUsers(users.data ?? [], "", DEFAULT_USER_SORT).active.length,
    [users.data],
  );
  const listed = useMemo(
    () => directoryUsers(users.data ?? [], filter, sort),
    [users.data, filter, sort],
  );
  const isFiltered = filter.trim() !== "";

  return (
    <Page
      title="Users"
      className="user-directory"
      intro="Everyone in the organisation, with their role and whether they are here now."
    >
      <div className="page-toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          Search users
        </label>
        <input
          id={searchId}
          type="search"
          className="page-filter"
          placeholder="Search by name or email"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
          }}
        />
        {users.isSuccess && (
          <p className="directory-count" role="status">
            {countLine(listed.active.length, everyone, isFiltered)}
          </p>
        )}
      </div>
      {users.isPending && (
        <p className="page-state" role="status">
          Loading users…
        </p>
      )}
      {users.isError && (
        <div className="page-state error" role="alert">
          <p>Could not load the users: {errorMessage(users.error)}</p>
          <button type="button" className="button" onClick={() => void users.refetch()}>
            Try again
          </button>
        </div>
      )}
      {users.isSuccess && listed.active.length === 0 && (
        <p className="page-state">
          {isFiltered ? `No user matches “${filter.trim()}”.` : "No users."}
        </p>
      )}
      {listed.active.length > 0 && (
        <UserTable
          users={listed.active}
          statusOf={statusOf}
          sort={sort}
          onSort={(key) => {
            setSort((current) => nextSort(current, key));
          }}
        />
      )}
      <DeactivatedUsers users={listed.deactivated} statusOf={statusOf} />
    </Page>
  );
}

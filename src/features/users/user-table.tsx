import type { User } from "../../../common/wire/users";
import { Avatar } from "../../components/avatar";
import type { UserSort, UserSortKey } from "./directory-users";
import { displayEmail } from "./directory-users";
import { openUserCard } from "./person-button";
import { presenceLabel, roleName, type PresenceStatus } from "./presence";
import { PresenceDot } from "./user-list";
import "./directory-page.css";
import "./user-directory.css";

function SortableHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: UserSortKey;
  sort: UserSort;
  onSort: (key: UserSortKey) => void;
}) {
  const isSorted = sort.key === sortKey;
  const arrow = !isSorted ? "↕" : sort.direction === "ascending" ? "↑" : "↓";
  return (
    <th scope="col" aria-sort={isSorted ? sort.direction : undefined}>
      <button
        type="button"
        className="user-table-sort"
        onClick={() => {
          onSort(sortKey);
        }}
      >
        {label}
        <span className="user-table-arrow" aria-hidden="true">
          {arrow}
        </span>
      </button>
    </th>
  );
}

function UserRow({ user, status }: { user: User; status: PresenceStatus }) {
  return (
    <tr data-user-id={user.user_id} data-presence={status}>
      <td>
        <span className="user-table-person">
          <button
            type="button"
            className="user-table-open"
            onClick={() => {
              openUserCard(user.user_id);
            }}
          >
            <Avatar name={user.full_name} url={user.avatar_url} size={28} />
            <span className="user-table-name">{user.full_name}</span>
          </button>
          {user.is_bot && <span className="badge">Bot</span>}
        </span>
      </td>
      <td className="user-table-email">{displayEmail(user)}</td>
      <td>{roleName(user)}</td>
      <td>
        <span className="presence-cell">
          <PresenceDot status={status} />
          {presenceLabel(status)}
        </span>
      </td>
    </tr>
  );
}

/**
 * The users as a table (name with picture, email, role, presence) in a box of its own that
 * scrolls sideways on narrow screens; name and role headers sort. A name opens the user's card.
 */
export function UserTable({
  users,
  statusOf,
  sort,
  onSort,
}: {
  users: readonly User[];
  statusOf: (user: User) => PresenceStatus;
  sort: UserSort;
  onSort: (key: UserSortKey) => void;
}) {
  return (
    // Focusable so that keyboard users can scroll it sideways at 360 px.
    <div className="user-table-scroll" role="region" aria-label="Users table" tabIndex={0}>
      <table className="user-table">
        <caption className="visually-hidden">Users, sorted by {sort.key}</caption>
        <thead>
          <tr>
            <SortableHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
            <th scope="col">Email</th>
            <SortableHeader label="Role" sortKey="role" sort={sort} onSort={onSort} />
            <th scope="col">Presence</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.user_id} user={user} status={statusOf(user)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

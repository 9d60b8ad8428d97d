import { GroupList } from "../groups/group-list";
import { UserList } from "../users/user-list";

/** The right panel's content: the users with their presence, then the user groups. */
export function RightPanel() {
  return (
    <aside className="right-panel" aria-label="Users and groups">
      <UserList />
      <GroupList />
    </aside>
  );
}

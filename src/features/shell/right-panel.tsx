import { memo } from "react";
import { GroupList } from "../groups/group-list";
import { UserList } from "../users/user-list";

/**
 * The right panel's content: the users with their presence, then the user groups. Memoised: it
 * takes no props and reads its data itself, so the shell's re-render on every narrow change
 * (the route) leaves it alone — in a large organisation it is a thousand rows.
 */
export const RightPanel = memo(function RightPanel() {
  return (
    <aside className="right-panel" aria-label="Users and groups">
      <UserList />
      <GroupList />
    </aside>
  );
});

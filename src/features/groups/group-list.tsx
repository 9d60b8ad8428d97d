import { useId, useMemo, useState } from "react";
import type { UserGroup } from "../../../common/wire/realm";
import { Icon } from "../../components/icon";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { useUserName } from "../users/use-user-name";
import "./groups.css";

/** The groups people made (system groups such as `role:everyone` left out), by name. */
function visibleGroups(groups: readonly UserGroup[]): UserGroup[] {
  return groups
    .filter((group) => !group.is_system_group)
    .sort((a, b) => a.name.localeCompare(b.name));
}

function memberCount(count: number): string {
  return count === 1 ? "1 member" : `${count} members`;
}

function GroupItem({ group }: { group: UserGroup }) {
  const [isOpen, setOpen] = useState(false);
  const userName = useUserName();
  const membersId = useId();
  const members = useMemo(
    () =>
      group.members
        .map((id) => ({ id, name: userName(id) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [group.members, userName],
  );
  return (
    <li className="group-item">
      <button
        type="button"
        className="group-toggle"
        aria-expanded={isOpen}
        aria-controls={membersId}
        aria-label={`${group.name}, ${memberCount(group.members.length)}`}
        onClick={() => {
          setOpen((open) => !open);
        }}
      >
        <Icon name={isOpen ? "chevronDown" : "chevronRight"} />
        <span className="group-name">{group.name}</span>
        <span className="group-count">{memberCount(group.members.length)}</span>
      </button>
      <div id={membersId} className="group-details" hidden={!isOpen}>
        {group.description !== "" && <p className="group-description">{group.description}</p>}
        {members.length === 0 ? (
          <p className="muted">No members.</p>
        ) : (
          <ul className="group-members" aria-label={`Members of ${group.name}`}>
            {members.map((member) => (
              <li key={member.id}>{member.name}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** The organisation's user groups: name, member count; expand for description and members. */
export function GroupList() {
  const groups = useSnapshotQuery(realmQueries.userGroups());
  const headingId = useId();
  const shown = useMemo(() => visibleGroups(groups.data ?? []), [groups.data]);
  return (
    <section className="panel-section" aria-labelledby={headingId}>
      <div className="panel-heading-row">
        <h2 id={headingId} className="panel-heading">
          User groups
        </h2>
      </div>
      {groups.isPending && <p className="state-message">Loading groups…</p>}
      {groups.isError && (
        <p className="state-message error" role="alert">
          Could not load the groups.{" "}
          <button type="button" className="link-button" onClick={() => void groups.refetch()}>
            Retry
          </button>
        </p>
      )}
      {groups.isSuccess && shown.length === 0 && <p className="state-message">No groups yet.</p>}
      <ul className="group-list" aria-label="User groups">
        {shown.map((group) => (
          <GroupItem key={group.id} group={group} />
        ))}
      </ul>
    </section>
  );
}

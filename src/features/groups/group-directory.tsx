import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { Icon } from "../../components/icon";
import { Page } from "../../components/page";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { errorMessage } from "../streams/error-message";
import { PersonButton } from "../users/person-button";
import { usePresenceOf, type PresenceStatus } from "../users/presence";
import { canCreateGroups, canManageGroup } from "./group-rules";
import {
  directoryGroups,
  memberCount,
  memberCountLabel,
  type DirectoryGroup,
} from "./directory-groups";
import "../users/directory-page.css";
import "./group-directory.css";

// Editing is for some people, some of the time: its forms load when first opened.
const CreateGroupDialog = lazy(() =>
  import("./create-group-dialog").then((module) => ({ default: module.CreateGroupDialog })),
);
const GroupEditor = lazy(() =>
  import("./group-editor").then((module) => ({ default: module.GroupEditor })),
);

function GroupCard({
  entry,
  statusOf,
  canManage,
}: {
  entry: DirectoryGroup;
  statusOf: (user: DirectoryGroup["members"][number]) => PresenceStatus;
  canManage: boolean;
}) {
  const { group } = entry;
  const nameId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const [isEditing, setEditing] = useState(false);
  const wasEditing = useRef(false);
  const count = memberCount(entry);
  useEffect(() => {
    // Closing the editor gives the focus back to the Edit button it came from.
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  return (
    <li className="group-card" data-group-id={group.id} aria-labelledby={nameId}>
      <div className="group-card-header">
        <h2 id={nameId} className="group-card-name">
          {group.name}
        </h2>
        <span className="group-card-count">{memberCountLabel(count)}</span>
        {canManage && !isEditing && (
          <button
            type="button"
            ref={editButton}
            className="button group-card-edit"
            aria-label={`Edit group ${group.name}`}
            onClick={() => {
              setEditing(true);
            }}
          >
            <Icon name="edit" size={14} />
            Edit
          </button>
        )}
      </div>
      {isEditing ? (
        <Suspense fallback={<p className="group-card-empty">Loading the editor…</p>}>
          <GroupEditor
            entry={entry}
            onDone={() => {
              setEditing(false);
            }}
          />
        </Suspense>
      ) : (
        <GroupDetails entry={entry} statusOf={statusOf} />
      )}
    </li>
  );
}

/** What a card shows when not being edited: description and members. */
function GroupDetails({
  entry,
  statusOf,
}: {
  entry: DirectoryGroup;
  statusOf: (user: DirectoryGroup["members"][number]) => PresenceStatus;
}) {
  const { group, members, unknownMemberIds } = entry;
  const count = memberCount(entry);
  return (
    <>
      <p className="group-card-description">
        {group.description === "" ? "No description." : group.description}
      </p>
      {count === 0 ? (
        <p className="group-card-empty">No members.</p>
      ) : (
        <ul className="group-card-members" aria-label={`Members of ${group.name}`}>
          {members.map((user) => (
            <li key={user.user_id}>
              <PersonButton user={user} status={statusOf(user)} />
            </li>
          ))}
          {unknownMemberIds.map((id) => (
            <li key={id} className="group-card-unknown">
              Unknown user {id}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function countLine(shown: number, total: number, isFiltered: boolean): string {
  const groups = (count: number) => (count === 1 ? "1 group" : `${count} groups`);
  return isFiltered ? `${shown} of ${groups(total)}` : groups(total);
}

/**
 * The organisation's user groups (system groups such as `role:everyone` left out, as Zulip's
 * UI does), by name, with descriptions and members with their presence; a filter on group
 * name, description or member name. A member opens their card. Kept live by `user_group`,
 * `realm_user` and `presence` events through the queries.
 */
export function GroupDirectory() {
  const filterId = useId();
  const groups = useSnapshotQuery(realmQueries.userGroups());
  const users = useSnapshotQuery(userQueries.list());
  const statusOf = usePresenceOf();
  const [filter, setFilter] = useState("");
  const all = useMemo(
    () => directoryGroups(groups.data ?? [], users.data ?? [], ""),
    [groups.data, users.data],
  );
  const listed = useMemo(
    () => directoryGroups(groups.data ?? [], users.data ?? [], filter),
    [groups.data, users.data, filter],
  );
  const isFiltered = filter.trim() !== "";
  const me = useQuery(userQueries.me()).data;
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  return (
    <Page
      title="User groups"
      className="group-directory"
      intro="Teams you can mention all at once with @ in a message, and who is in each."
    >
      <div className="page-toolbar">
        <label htmlFor={filterId} className="visually-hidden">
          Filter groups
        </label>
        <input
          id={filterId}
          type="search"
          className="page-filter"
          placeholder="Filter by group, description or member"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
          }}
        />
        {groups.isSuccess && (
          <p className="directory-count" role="status">
            {countLine(listed.length, all.length, isFiltered)}
          </p>
        )}
        {canCreateGroups(me) && (
          <button
            type="button"
            className="button button-primary group-create"
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
          >
            <Icon name="plus" size={14} />
            Create a group
          </button>
        )}
      </div>
      {created !== null && (
        <p className="group-created" role="status">
          Created {created}.
        </p>
      )}
      {isCreating && (
        <Suspense fallback={null}>
          <CreateGroupDialog
            onClose={() => {
              setCreating(false);
            }}
            onCreated={(name) => {
              setCreating(false);
              setCreated(name);
            }}
          />
        </Suspense>
      )}
      {groups.isPending && (
        <p className="page-state" role="status">
          Loading groups…
        </p>
      )}
      {groups.isError && (
        <div className="page-state error" role="alert">
          <p>Could not load the groups: {errorMessage(groups.error)}</p>
          <button type="button" className="button" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </div>
      )}
      {groups.isSuccess && listed.length === 0 && (
        <p className="page-state">
          {isFiltered ? `No group matches “${filter.trim()}”.` : "No user groups yet."}
        </p>
      )}
      {listed.length > 0 && (
        <ul className="group-cards" aria-label="User groups">
          {listed.map((entry) => (
            <GroupCard
              key={entry.group.id}
              entry={entry}
              statusOf={statusOf}
              canManage={canManageGroup(me, entry.group)}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}

import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from "react";
import type { UserGroup } from "../../../common/wire/realm";
import type { User } from "../../../common/wire/users";
import { ConfirmDialog } from "../../components/dialog";
import {
  useDeactivateUserGroup,
  useUpdateGroupMembers,
  useUpdateUserGroup,
} from "../../queries/group-mutations";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { errorMessage } from "../streams/error-message";
import { UserPicker } from "../streams/user-picker";
import { GroupField } from "./group-field";
import { descriptionProblem, fieldOfRefusal, groupNameProblem } from "./group-rules";
import type { DirectoryGroup } from "./directory-groups";
import "../streams/streams.css";
import "./group-editor.css";

type Outcome = { readonly isError: boolean; readonly text: string } | null;

/** Name and description, saved together (`PATCH user_groups/{id}` sends only what changed). */
function DetailsForm({ group }: { group: UserGroup }) {
  const groups = useSnapshotQuery(realmQueries.userGroups()).data ?? [];
  const update = useUpdateUserGroup();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const [problems, setProblems] = useState<{ name?: string; description?: string; form?: string }>(
    {},
  );
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nameProblem = groupNameProblem(name, groups, group.id);
    const descriptionText = descriptionProblem(description);
    const found = {
      ...(nameProblem === null ? {} : { name: nameProblem }),
      ...(descriptionText === null ? {} : { description: descriptionText }),
    };
    setProblems(found);
    setSaved(false);
    if (Object.keys(found).length > 0 || update.isPending) return;
    const newName = name.trim();
    const change = {
      groupId: group.id,
      ...(newName === group.name ? {} : { name: newName }),
      ...(description === group.description ? {} : { description }),
    };
    if (change.name === undefined && change.description === undefined) {
      setSaved(true);
      return;
    }
    update.mutate(change, {
      onSuccess: () => {
        setSaved(true);
      },
      onError: (error) => {
        const message = errorMessage(error);
        const field = fieldOfRefusal(message);
        setProblems({ [field === "members" ? "form" : field]: message });
      },
    });
  };

  return (
    <form
      className="group-form"
      aria-label={`Name and description of ${group.name}`}
      noValidate
      onSubmit={onSubmit}
    >
      <GroupField
        label="Name"
        value={name}
        inputRef={nameRef}
        error={problems.name ?? null}
        onChange={(value) => {
          setName(value);
          setSaved(false);
          setProblems(({ name: _, ...rest }) => rest);
        }}
      />
      <GroupField
        label="Description"
        value={description}
        isMultiline
        error={problems.description ?? null}
        onChange={(value) => {
          setDescription(value);
          setSaved(false);
          setProblems(({ description: _, ...rest }) => rest);
        }}
      />
      <div className="group-form-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </button>
        <p className="group-form-status" role="status">
          {saved ? "Saved." : ""}
        </p>
      </div>
      {problems.form !== undefined && (
        <p className="group-field-error" role="alert">
          Could not save: {problems.form}
        </p>
      )}
    </form>
  );
}

/** The members with a Remove button each, and the user picker to add more. */
function MembersEditor({ entry }: { entry: DirectoryGroup }) {
  const { group, members } = entry;
  const users = useSnapshotQuery(userQueries.list()).data;
  const candidates = useMemo(
    () => (users ?? []).filter((u) => u.is_active !== false && !group.members.includes(u.user_id)),
    [users, group.members],
  );
  const change = useUpdateGroupMembers();
  const [chosen, setChosen] = useState<User[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = (add: User[], remove: User[], done: string) => {
    setOutcome(null);
    change.mutate(
      { groupId: group.id, add: add.map((u) => u.user_id), remove: remove.map((u) => u.user_id) },
      {
        onSuccess: () => {
          if (add.length > 0) setChosen([]);
          setOutcome({ isError: false, text: done });
        },
        onError: (error) => {
          setOutcome({
            isError: true,
            text: `Could not change the members: ${errorMessage(error)}`,
          });
        },
      },
    );
  };
  const names = (list: readonly User[]) => list.map((u) => u.full_name).join(", ");
  const onAdd = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0 || change.isPending) return;
    send(chosen, [], `Added ${names(chosen)}.`);
  };

  return (
    <section className="group-members-editor" aria-label={`Members of ${group.name}`}>
      {members.length === 0 ? (
        <p className="group-card-empty">No members.</p>
      ) : (
        <ul className="group-member-rows">
          {members.map((user) => (
            <li key={user.user_id} className="group-member-row">
              <span className="group-member-name">{user.full_name}</span>
              <button
                type="button"
                className="button streams-small-button"
                disabled={change.isPending}
                aria-label={`Remove ${user.full_name} from ${group.name}`}
                onClick={() => {
                  send([], [user], `Removed ${user.full_name}.`);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="add-subscribers" onSubmit={onAdd}>
        <UserPicker
          label="Add members"
          candidates={candidates}
          chosen={chosen}
          onChange={setChosen}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={chosen.length === 0 || change.isPending}
        >
          {change.isPending ? "Saving…" : "Add"}
        </button>
      </form>
      <p
        className={outcome?.isError === true ? "group-field-error" : "group-form-status"}
        role={outcome?.isError === true ? "alert" : "status"}
      >
        {outcome?.text}
      </p>
    </section>
  );
}

function DeactivateButton({ group }: { group: UserGroup }) {
  const deactivate = useDeactivateUserGroup();
  const [isAsking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        Deactivate group
      </button>
      {isAsking && (
        <ConfirmDialog
          title={`Deactivate ${group.name}?`}
          confirmLabel="Deactivate"
          isDanger
          isBusy={deactivate.isPending}
          error={error}
          onCancel={() => {
            setAsking(false);
          }}
          onConfirm={() => {
            deactivate.mutate(group.id, {
              onError: (failure) => {
                setError(`Could not deactivate it: ${errorMessage(failure)}`);
              },
            });
          }}
        >
          <p>
            No one will be able to mention @{group.name} any more, and it leaves the list of groups.
            Its members stay as they are.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * A group being edited: name and description, members, deactivation. Changes arrive back as
 * `user_group` events, here and in every other client; a refusal is shown beside what it is
 * about and nothing typed is lost.
 */
export function GroupEditor({ entry, onDone }: { entry: DirectoryGroup; onDone: () => void }) {
  return (
    <div className="group-editor" role="group" aria-label={`Edit ${entry.group.name}`}>
      <DetailsForm group={entry.group} />
      <MembersEditor entry={entry} />
      <div className="group-editor-footer">
        <DeactivateButton group={entry.group} />
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

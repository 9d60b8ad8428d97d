import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState, type SyntheticEvent } from "react";
import type { User } from "../../../common/wire/users";
import { CreateFooter, Dialog } from "../../components/dialog";
import { useCreateUserGroup } from "../../queries/group-mutations";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { errorMessage } from "../streams/error-message";
import { UserPicker } from "../streams/user-picker";
import { GroupField } from "./group-field";
import {
  descriptionProblem,
  fieldOfRefusal,
  groupNameProblem,
  type GroupField as Field,
} from "./group-rules";
import "../streams/streams.css";
import "./group-editor.css";

type Problems = Partial<Record<Field, string>>;

/**
 * "Create a group": name, description and first members (the streams' user picker, the creator
 * already in it). Problems
 * show beside their field, checked on Create and again when the server refuses; what was typed
 * stays. `onCreated` gets the new group's name.
 */
export function CreateGroupDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
  const formId = useId();
  const groups = useSnapshotQuery(realmQueries.userGroups()).data ?? [];
  const users = useSnapshotQuery(userQueries.list()).data;
  const ownUserId = useQuery(userQueries.me()).data?.user_id;
  const candidates = useMemo(() => (users ?? []).filter((u) => u.is_active !== false), [users]);
  const create = useCreateUserGroup();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  // The creator is in the group unless taken out (as Zulip's form), so that, as a member, they
  // may go on to change it.
  const [members, setMembers] = useState<User[]>(() => {
    const me = (users ?? []).find((user) => user.user_id === ownUserId);
    return me === undefined ? [] : [me];
  });
  const [problems, setProblems] = useState<Problems>({});

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems = {};
    const nameProblem = groupNameProblem(name, groups);
    const descriptionText = descriptionProblem(description);
    if (nameProblem !== null) found.name = nameProblem;
    if (descriptionText !== null) found.description = descriptionText;
    setProblems(found);
    if (Object.keys(found).length > 0 || create.isPending) return;
    const newName = name.trim();
    create.mutate(
      { name: newName, description, members: members.map((user) => user.user_id) },
      {
        onSuccess: () => {
          onCreated(newName);
        },
        onError: (error) => {
          const message = errorMessage(error);
          setProblems({ [fieldOfRefusal(message)]: message });
        },
      },
    );
  };

  return (
    <Dialog
      title="Create a group"
      className="group-dialog"
      onClose={onClose}
      footer={<CreateFooter formId={formId} isPending={create.isPending} onCancel={onClose} />}
    >
      <form
        id={formId}
        className="group-form"
        aria-label="Create a group"
        noValidate
        onSubmit={onSubmit}
      >
        <GroupField
          label="Name"
          value={name}
          error={problems.name ?? null}
          onChange={(value) => {
            setName(value);
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
            setProblems(({ description: _, ...rest }) => rest);
          }}
        />
        <UserPicker
          label="Members"
          candidates={candidates}
          chosen={members}
          onChange={setMembers}
        />
        {problems.members !== undefined && (
          <p className="group-field-error" role="alert">
            {problems.members}
          </p>
        )}
        {problems.form !== undefined && (
          <p className="group-field-error" role="alert">
            Could not create the group: {problems.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createUserGroup,
  deactivateUserGroup,
  updateUserGroup,
  updateUserGroupMembers,
} from "../api/user-groups";
import { useSessionStore } from "../stores/session-store";
import { realmQueries } from "./realm-queries";

/*
 * The user group pages' writes. Each change comes back to every client as a `user_group` event,
 * which patches the groups query (query-events.ts); the refetch after success covers an event
 * connection that is down.
 */

function useRefreshGroups(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: realmQueries.userGroups().queryKey });
}

/** A new group: name, description and its first members. */
export interface NewUserGroup {
  name: string;
  description: string;
  members: readonly number[];
}

/** `POST user_groups/create`; answers the new group's id when the server gives it. */
export function useCreateUserGroup() {
  const client = useSessionStore((session) => session.client);
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: async (group: NewUserGroup) => (await createUserGroup(client, group)).group_id,
    onSuccess: refresh,
  });
}

/** `PATCH user_groups/{id}`: only the fields given change. */
export function useUpdateUserGroup() {
  const client = useSessionStore((session) => session.client);
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (change: { groupId: number; name?: string; description?: string }) =>
      updateUserGroup(client, {
        user_group_id: change.groupId,
        name: change.name,
        description: change.description,
      }),
    onSuccess: refresh,
  });
}

/** `POST user_groups/{id}/members`: adds `add`, then removes `remove`. */
export function useUpdateGroupMembers() {
  const client = useSessionStore((session) => session.client);
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (change: {
      groupId: number;
      add?: readonly number[];
      remove?: readonly number[];
    }) =>
      updateUserGroupMembers(client, {
        user_group_id: change.groupId,
        add: change.add,
        delete: change.remove,
      }),
    onSuccess: refresh,
  });
}

/** `POST user_groups/{id}/deactivate` (Zulip 10): the group leaves every list. */
export function useDeactivateUserGroup() {
  const client = useSessionStore((session) => session.client);
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (groupId: number) => deactivateUserGroup(client, { user_group_id: groupId }),
    onSuccess: refresh,
  });
}

import type { ApiClient, CallOptions } from "./client";
import type { CreateUserGroupResponse, GetUserGroupsResponse } from "../../common/wire/realm";

/** GET /api/v1/user_groups — every group, system groups included (not for guests or bots). */
export function getUserGroups(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetUserGroupsResponse> {
  return client.call("GET", "user_groups", {
    signal: options.signal,
  });
}

/** POST /api/v1/user_groups/create — creates a group with these direct members. */
export function createUserGroup(
  client: ApiClient,
  params: { name: string; description: string; members: readonly number[] },
  options: CallOptions = {},
): Promise<CreateUserGroupResponse> {
  return client.call("POST", "user_groups/create", {
    params,
    signal: options.signal,
  });
}

/** POST /api/v1/user_groups/{user_group_id}/members — adds, then removes (`delete`) members. */
export async function updateUserGroupMembers(
  client: ApiClient,
  params: {
    user_group_id: number;
    add?: readonly number[] | undefined;
    delete?: readonly number[] | undefined;
  },
  options: CallOptions = {},
): Promise<void> {
  const { user_group_id, ...change } = params;
  await client.call("POST", "user_groups/{user_group_id}/members", {
    path: { user_group_id },
    params: change,
    signal: options.signal,
  });
}

/** PATCH /api/v1/user_groups/{user_group_id} — a new name and/or description. */
export async function updateUserGroup(
  client: ApiClient,
  params: { user_group_id: number; name?: string | undefined; description?: string | undefined },
  options: CallOptions = {},
): Promise<void> {
  const { user_group_id, ...change } = params;
  await client.call("PATCH", "user_groups/{user_group_id}", {
    path: { user_group_id },
    params: change,
    signal: options.signal,
  });
}

/** POST /api/v1/user_groups/{user_group_id}/deactivate — Zulip 10 (feature level 290). */
export async function deactivateUserGroup(
  client: ApiClient,
  params: { user_group_id: number },
  options: CallOptions = {},
): Promise<void> {
  await client.call("POST", "user_groups/{user_group_id}/deactivate", {
    path: params,
    signal: options.signal,
  });
}

import type { ApiClient, CallOptions } from "./client";
import {
  createUserGroupResponseSchema,
  getUserGroupsResponseSchema,
  type CreateUserGroupResponse,
  type GetUserGroupsResponse,
} from "../../common/wire/realm";
import { emptySuccessResponseSchema } from "../../common/wire/responses";

/** GET /api/v1/user_groups — every group, system groups included (not for guests or bots). */
export function getUserGroups(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetUserGroupsResponse> {
  return client.request("GET", "user_groups", {
    schema: getUserGroupsResponseSchema,
    signal: options.signal,
  });
}

/** POST /api/v1/user_groups/create — creates a group with these direct members. */
export function createUserGroup(
  client: ApiClient,
  params: { name: string; description: string; members: readonly number[] },
  options: CallOptions = {},
): Promise<CreateUserGroupResponse> {
  return client.request("POST", "user_groups/create", {
    params,
    schema: createUserGroupResponseSchema,
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
  await client.request("POST", `user_groups/${encodeURIComponent(user_group_id)}/members`, {
    params: change,
    schema: emptySuccessResponseSchema,
    signal: options.signal,
  });
}

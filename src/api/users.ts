import type { ApiClient, CallOptions } from "./client";
import type { GetOwnUserResponse } from "../../common/wire/responses";
import type { GetUserResponse, GetUsersResponse } from "../../common/wire/users";

/** GET /api/v1/users/me — the caller's own profile. */
export function getOwnUser(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetOwnUserResponse> {
  return client.call("GET", "users/me", {
    signal: options.signal,
  });
}

/** Options of the user listings. */
export interface GetUsersParams {
  /** True lets the server leave out Gravatar URLs (`avatar_url: null`) for the client to compute. */
  client_gravatar?: boolean | undefined;
  include_custom_profile_fields?: boolean | undefined;
}

/** GET /api/v1/users — every user of the organisation, deactivated ones included. */
export function getUsers(
  client: ApiClient,
  params: GetUsersParams = {},
  options: CallOptions = {},
): Promise<GetUsersResponse> {
  return client.call("GET", "users", {
    params: { ...params },
    signal: options.signal,
  });
}

/** GET /api/v1/users/{user_id} — one user by id. */
export function getUser(
  client: ApiClient,
  params: GetUsersParams & { user_id: number },
  options: CallOptions = {},
): Promise<GetUserResponse> {
  const { user_id, ...query } = params;
  return client.call("GET", "users/{user_id}", {
    path: { user_id },
    params: query,
    signal: options.signal,
  });
}

/** GET /api/v1/users/{email} — one user by email (FL 39). */
export function getUserByEmail(
  client: ApiClient,
  params: GetUsersParams & { email: string },
  options: CallOptions = {},
): Promise<GetUserResponse> {
  const { email, ...query } = params;
  // Zulip's `users/{email}` (FL 39) is the same path as `users/{user_id}`, which takes either.
  return client.call("GET", "users/{user_id}", {
    path: { user_id: email },
    params: query,
    signal: options.signal,
  });
}

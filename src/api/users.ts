import type { ApiClient, CallOptions } from "./client";
import { getOwnUserResponseSchema, type GetOwnUserResponse } from "./types/responses";

/** GET /api/v1/users/me — the caller's own profile. */
export function getOwnUser(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetOwnUserResponse> {
  return client.request("GET", "users/me", {
    schema: getOwnUserResponseSchema,
    signal: options.signal,
  });
}

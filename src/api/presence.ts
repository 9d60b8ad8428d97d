import type { ApiClient, CallOptions } from "./client";
import {
  getRealmPresenceResponseSchema,
  getUserPresenceResponseSchema,
  updatePresenceResponseSchema,
  type GetRealmPresenceResponse,
  type GetUserPresenceResponse,
  type UpdatePresenceResponse,
} from "../../common/wire/presence";

/** GET /api/v1/users/{user_id_or_email}/presence — one user's clients and `aggregated`. */
export function getUserPresence(
  client: ApiClient,
  params: { user_id_or_email: number | string },
  options: CallOptions = {},
): Promise<GetUserPresenceResponse> {
  return client.request("GET", `users/${encodeURIComponent(params.user_id_or_email)}/presence`, {
    schema: getUserPresenceResponseSchema,
    signal: options.signal,
  });
}

/** GET /api/v1/realm/presence — everyone's presence, keyed by email. */
export function getRealmPresence(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetRealmPresenceResponse> {
  return client.request("GET", "realm/presence", {
    schema: getRealmPresenceResponseSchema,
    signal: options.signal,
  });
}

/** Parameters of `POST /users/me/presence`. */
export interface UpdatePresenceParams {
  status: "active" | "idle";
  /** True: just record it; the answer then carries no presences. */
  ping_only?: boolean | undefined;
  new_user_input?: boolean | undefined;
  slim_presence?: boolean | undefined;
}

/** POST /api/v1/users/me/presence — reports the caller's status; answers with everyone's. */
export function updatePresence(
  client: ApiClient,
  params: UpdatePresenceParams,
  options: CallOptions = {},
): Promise<UpdatePresenceResponse> {
  return client.request("POST", "users/me/presence", {
    params: { ...params },
    schema: updatePresenceResponseSchema,
    signal: options.signal,
  });
}

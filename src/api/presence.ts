import type { ApiClient, CallOptions } from "./client";
import type {
  GetRealmPresenceResponse,
  GetUserPresenceResponse,
  UpdatePresenceResponse,
} from "../../common/wire/presence";

/** GET /api/v1/users/{user_id_or_email}/presence — one user's clients and `aggregated`. */
export function getUserPresence(
  client: ApiClient,
  params: { user_id_or_email: number | string },
  options: CallOptions = {},
): Promise<GetUserPresenceResponse> {
  // Zulip's `users/{user_id_or_email}/presence`: the table names the parameter `user_id`.
  return client.call("GET", "users/{user_id}/presence", {
    path: { user_id: params.user_id_or_email },
    signal: options.signal,
  });
}

/** GET /api/v1/realm/presence — everyone's presence, keyed by email. */
export function getRealmPresence(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetRealmPresenceResponse> {
  return client.call("GET", "realm/presence", {
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
  return client.call("POST", "users/me/presence", {
    params: { ...params },
    signal: options.signal,
  });
}

import type { ApiClient, CallOptions } from "./client";
import type {
  DevListUsersResponse,
  FetchApiKeyResponse,
  ServerSettings,
} from "../../common/wire/responses";

/** GET /api/v1/server_settings — no auth needed. */
export function getServerSettings(
  client: ApiClient,
  options: CallOptions = {},
): Promise<ServerSettings> {
  return client.call("GET", "server_settings", {
    signal: options.signal,
  });
}

/** GET /api/v1/dev_list_users — development servers only, no auth needed. */
export function devListUsers(
  client: ApiClient,
  options: CallOptions = {},
): Promise<DevListUsersResponse> {
  return client.call("GET", "dev_list_users", {
    signal: options.signal,
  });
}

/** POST /api/v1/dev_fetch_api_key — development servers only; `username` is the user's email. */
export function devFetchApiKey(
  client: ApiClient,
  params: { username: string },
  options: CallOptions = {},
): Promise<FetchApiKeyResponse> {
  return client.call("POST", "dev_fetch_api_key", {
    params,
    signal: options.signal,
  });
}

/** POST /api/v1/fetch_api_key — logs in with a password (no auth); rate limited on failures. */
export function fetchApiKey(
  client: ApiClient,
  params: { username: string; password: string },
  options: CallOptions = {},
): Promise<FetchApiKeyResponse> {
  return client.call("POST", "fetch_api_key", {
    params,
    signal: options.signal,
  });
}

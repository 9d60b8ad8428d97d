import type { ApiClient, CallOptions } from "./client";
import {
  devListUsersResponseSchema,
  fetchApiKeyResponseSchema,
  serverSettingsResponseSchema,
  type DevListUsersResponse,
  type FetchApiKeyResponse,
  type ServerSettings,
} from "../../common/wire/responses";

/** GET /api/v1/server_settings — no auth needed. */
export function getServerSettings(
  client: ApiClient,
  options: CallOptions = {},
): Promise<ServerSettings> {
  return client.request("GET", "server_settings", {
    schema: serverSettingsResponseSchema,
    signal: options.signal,
  });
}

/** GET /api/v1/dev_list_users — development servers only, no auth needed. */
export function devListUsers(
  client: ApiClient,
  options: CallOptions = {},
): Promise<DevListUsersResponse> {
  return client.request("GET", "dev_list_users", {
    schema: devListUsersResponseSchema,
    signal: options.signal,
  });
}

/** POST /api/v1/dev_fetch_api_key — development servers only; `username` is the user's email. */
export function devFetchApiKey(
  client: ApiClient,
  params: { username: string },
  options: CallOptions = {},
): Promise<FetchApiKeyResponse> {
  return client.request("POST", "dev_fetch_api_key", {
    params,
    schema: fetchApiKeyResponseSchema,
    signal: options.signal,
  });
}

/** POST /api/v1/fetch_api_key — logs in with a password (no auth); rate limited on failures. */
export function fetchApiKey(
  client: ApiClient,
  params: { username: string; password: string },
  options: CallOptions = {},
): Promise<FetchApiKeyResponse> {
  return client.request("POST", "fetch_api_key", {
    params,
    schema: fetchApiKeyResponseSchema,
    signal: options.signal,
  });
}

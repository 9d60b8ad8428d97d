import type { ApiClient } from "../api/client";
import { devFetchApiKey, fetchApiKey } from "../api/server";
import { getOwnUser } from "../api/users";
import type { Credentials } from "../stores/session-store";

/** `POST dev_fetch_api_key`: a development user's credentials, by email (no password). */
export async function fetchDevCredentials(client: ApiClient, email: string): Promise<Credentials> {
  const response = await devFetchApiKey(client, { username: email });
  return { email: response.email, apiKey: response.api_key, userId: response.user_id };
}

/** `POST fetch_api_key`: the credentials of an email (or username) and password. */
export async function fetchPasswordCredentials(
  client: ApiClient,
  login: { username: string; password: string },
): Promise<Credentials> {
  const response = await fetchApiKey(client, login);
  return { email: response.email, apiKey: response.api_key, userId: response.user_id };
}

/**
 * Checks an email and API key with `GET users/me`, sent by `client` (authenticated as them):
 * a wrong key rejects here, and nothing is stored.
 */
export async function checkApiKey(
  client: ApiClient,
  auth: { email: string; apiKey: string },
): Promise<Credentials> {
  const me = await getOwnUser(client);
  // The email as typed: Zulip checks Basic auth against it (the delivery email), while
  // `users/me` may answer with a different, display-only address.
  return { email: auth.email, apiKey: auth.apiKey, userId: me.user_id };
}

import type { ApiClient, CallOptions } from "./client";
import type { GetSubscriptionsResponse } from "../../common/wire/responses";
import type { SubscribeResponse, UnsubscribeResponse } from "../../common/wire/streams";

/** GET /api/v1/users/me/subscriptions — the streams the caller is subscribed to. */
export function getSubscriptions(
  client: ApiClient,
  params: { include_subscribers?: boolean } = {},
  options: CallOptions = {},
): Promise<GetSubscriptionsResponse> {
  return client.call("GET", "users/me/subscriptions", {
    params,
    signal: options.signal,
  });
}

/** A stream to subscribe to; created with this description (and colour) if it does not exist. */
interface StreamToSubscribe {
  name: string;
  description?: string | undefined;
  color?: string | undefined;
}

/** Parameters of `POST /users/me/subscriptions`. */
export interface SubscribeParams {
  subscriptions: readonly StreamToSubscribe[];
  /** Emails or user ids; the caller when absent. */
  principals?: readonly string[] | readonly number[] | undefined;
  /** False: streams the caller may not use are listed in `unauthorized` instead of failing. */
  authorization_errors_fatal?: boolean | undefined;
  announce?: boolean | undefined;
  /** For streams this call creates. */
  invite_only?: boolean | undefined;
  history_public_to_subscribers?: boolean | undefined;
}

/** POST /api/v1/users/me/subscriptions — subscribes, creating missing streams. */
export function subscribe(
  client: ApiClient,
  params: SubscribeParams,
  options: CallOptions = {},
): Promise<SubscribeResponse> {
  return client.call("POST", "users/me/subscriptions", {
    params: { ...params },
    signal: options.signal,
  });
}

/** DELETE /api/v1/users/me/subscriptions — unsubscribes from streams named by name. */
export function unsubscribe(
  client: ApiClient,
  params: {
    subscriptions: readonly string[];
    principals?: readonly string[] | readonly number[] | undefined;
  },
  options: CallOptions = {},
): Promise<UnsubscribeResponse> {
  return client.call("DELETE", "users/me/subscriptions", {
    params: { ...params },
    signal: options.signal,
  });
}

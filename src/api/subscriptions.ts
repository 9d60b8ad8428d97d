import type { ApiClient, CallOptions } from "./client";
import type { GetSubscriptionsResponse } from "../../common/wire/responses";
import type { SubscribeResponse, UnsubscribeResponse } from "../../common/wire/streams";
import type { VisibilityPolicy } from "../../common/wire/user-topics";

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

/** One change of `POST /users/me/subscriptions/properties`. */
export interface SubscriptionPropertyChange {
  stream_id: number;
  property:
    | "color"
    | "is_muted"
    | "pin_to_top"
    | "desktop_notifications"
    | "audible_notifications"
    | "push_notifications"
    | "email_notifications"
    | "wildcard_mentions_notify";
  /** A colour `#rrggbb`; a boolean; null for a notification setting: the user's default. */
  value: string | boolean | null;
}

/** POST /api/v1/users/me/subscriptions/properties — one's own settings of subscriptions. */
export function updateSubscriptionProperties(
  client: ApiClient,
  changes: readonly SubscriptionPropertyChange[],
  options: CallOptions = {},
): Promise<unknown> {
  return client.call("POST", "users/me/subscriptions/properties", {
    params: { subscription_data: changes },
    signal: options.signal,
  });
}

/** POST /api/v1/user_topics — a topic's visibility policy (0 none, 1 muted, 2 unmuted, 3 followed). */
export function updateUserTopic(
  client: ApiClient,
  params: { stream_id: number; topic: string; visibility_policy: VisibilityPolicy },
  options: CallOptions = {},
): Promise<unknown> {
  return client.call("POST", "user_topics", { params: { ...params }, signal: options.signal });
}

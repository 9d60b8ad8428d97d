import type { ApiClient, CallOptions } from "./client";
import { getSubscriptionsResponseSchema, type GetSubscriptionsResponse } from "./types/responses";

/** GET /api/v1/users/me/subscriptions — the streams the caller is subscribed to. */
export function getSubscriptions(
  client: ApiClient,
  params: { include_subscribers?: boolean } = {},
  options: CallOptions = {},
): Promise<GetSubscriptionsResponse> {
  return client.request("GET", "users/me/subscriptions", {
    params,
    schema: getSubscriptionsResponseSchema,
    signal: options.signal,
  });
}

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../api/client";
import { subscribe, unsubscribe } from "../api/subscriptions";
import type { SubscribeResponse, UnsubscribeResponse } from "../../common/wire/streams";
import { subscriberQueries } from "./subscriber-queries";
import { subscriptionQueries } from "./subscription-queries";
import { useSessionStore } from "../stores/session-store";

/** Who a subscription change is for: the caller when `principals` is absent. */
export interface SubscriptionChange {
  streamName: string;
  /** Emails of the users to (un)subscribe. */
  principals?: readonly string[] | undefined;
}

/** A new stream, created by subscribing to it. */
export interface NewStream {
  name: string;
  description: string;
  isInviteOnly: boolean;
  shouldAnnounce: boolean;
}

/** Subscriber lists are not kept current by events (see subscriberQueries): refetch them. */
function refreshSubscribers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: subscriberQueries.all() });
}

function subscribeTo(client: ApiClient, change: SubscriptionChange): Promise<SubscribeResponse> {
  return subscribe(client, {
    subscriptions: [{ name: change.streamName }],
    ...(change.principals === undefined ? {} : { principals: change.principals }),
  });
}

function unsubscribeFrom(
  client: ApiClient,
  change: SubscriptionChange,
): Promise<UnsubscribeResponse> {
  return unsubscribe(client, {
    subscriptions: [change.streamName],
    ...(change.principals === undefined ? {} : { principals: change.principals }),
  });
}

/**
 * `POST users/me/subscriptions` for one stream. The caller's own sidebar follows from the
 * `subscription` event; subscriber lists are refetched.
 */
export function useSubscribe() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => subscribeTo(client, change),
    onSettled: () => refreshSubscribers(queryClient),
  });
}

/** `DELETE users/me/subscriptions` for one stream (oneself, or others with `principals`). */
export function useUnsubscribe() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => unsubscribeFrom(client, change),
    onSettled: () => refreshSubscribers(queryClient),
  });
}

/**
 * Creates a stream (subscribing the caller) and resolves to its id, read from a fresh
 * subscription list: the subscribe answer names streams, not ids, and the event may still be
 * on its way.
 */
export function useCreateStream() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (stream: NewStream): Promise<number | undefined> => {
      await subscribe(client, {
        subscriptions: [{ name: stream.name, description: stream.description }],
        invite_only: stream.isInviteOnly,
        announce: stream.shouldAnnounce,
      });
      const subscriptions = await queryClient.query({
        ...subscriptionQueries.list(),
        staleTime: 0,
      });
      const key = stream.name.trim().toLowerCase();
      return subscriptions.find((sub) => sub.name.toLowerCase() === key)?.stream_id;
    },
    onSettled: () => refreshSubscribers(queryClient),
  });
}

import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../api/client";
import {
  updateSubscriptionProperties,
  updateUserTopic,
  type SubscriptionPropertyChange,
} from "../api/subscriptions";
import type { VisibilityPolicy } from "../../common/wire/user-topics";
import { useSessionStore } from "../stores/session-store";

/** A topic and the visibility policy to give it. */
export interface TopicPolicyChange {
  streamId: number;
  topic: string;
  policy: VisibilityPolicy;
}

/**
 * `POST user_topics`: mute, unmute or follow a topic. The counts, the sidebar and every other
 * tab follow the `user_topic` event the server sends back.
 */
export function setTopicPolicy(client: ApiClient, change: TopicPolicyChange): Promise<unknown> {
  return updateUserTopic(client, {
    stream_id: change.streamId,
    topic: change.topic,
    visibility_policy: change.policy,
  });
}

/** `setTopicPolicy` as a mutation, with the session's client. */
export function useSetTopicPolicy() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (change: TopicPolicyChange) => setTopicPolicy(client, change),
  });
}

/**
 * `POST users/me/subscriptions/properties` for one setting of one subscription (mute, pin,
 * colour, notifications); the subscription list follows the `subscription` `update` events.
 */
export function useSetSubscriptionProperty() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (change: SubscriptionPropertyChange) =>
      updateSubscriptionProperties(client, [change]),
  });
}

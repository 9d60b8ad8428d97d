import { useMemo } from "react";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import type { StreamLook } from "./recipient-header";

/** How recipient headers show each subscribed stream (current name, colour, privacy), by id. */
export function useStreamLooks(): ReadonlyMap<number, StreamLook> {
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  return useMemo(
    () =>
      new Map(
        (subscriptions ?? []).map((subscription) => [
          subscription.stream_id,
          {
            name: subscription.name,
            color: subscription.color,
            isPrivate: subscription.invite_only,
          },
        ]),
      ),
    [subscriptions],
  );
}

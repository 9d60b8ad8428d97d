import { useQuery } from "@tanstack/react-query";
import { useMemo, useSyncExternalStore } from "react";
import { narrowFromHash, type Narrow } from "../../lib/narrow";
import { subscriptionQueries } from "../../queries/subscription-queries";

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
  };
}

function readHash(): string {
  return window.location.hash;
}

/**
 * The narrow named by `location.hash`, with the stream's current name from the subscriptions
 * (a URL's name may be outdated, the id is not). Undefined when the hash names no narrow.
 */
export function useCurrentNarrow(): Narrow | undefined {
  const hash = useSyncExternalStore(subscribeToHash, readHash);
  const subscriptions = useQuery(subscriptionQueries.list()).data;
  return useMemo(() => {
    const parsed = narrowFromHash(hash);
    if (parsed === undefined || !("streamId" in parsed)) return parsed;
    const subscription = subscriptions?.find((sub) => sub.stream_id === parsed.streamId);
    return subscription === undefined ? parsed : { ...parsed, streamName: subscription.name };
  }, [hash, subscriptions]);
}

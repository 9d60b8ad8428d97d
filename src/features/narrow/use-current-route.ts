import { useMemo, useSyncExternalStore } from "react";
import type { Subscription } from "../../../common/wire/streams";
import type { Narrow } from "../../lib/narrow";
import { routeFromHash, type Route } from "../../lib/route";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";

/**
 * A link to another hash fires `popstate` at once, in the click's own task, and `hashchange`
 * only in a later task (HTML, "update document for history step application"), after the
 * browser has painted a frame that still shows the old route: listening to both renders the new
 * route before that frame. Whichever comes second finds the hash unchanged and renders nothing.
 */
function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener("hashchange", onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener("hashchange", onChange);
  };
}

function readHash(): string {
  return window.location.hash;
}

/** `location.hash`, re-read on every `popstate` and `hashchange`. */
function useHash(): string {
  return useSyncExternalStore(subscribeToHash, readHash);
}

function currentName(
  streamId: number,
  urlName: string,
  subscriptions: readonly Subscription[] | undefined,
): string {
  return subscriptions?.find((sub) => sub.stream_id === streamId)?.name ?? urlName;
}

function withCurrentName(narrow: Narrow, subscriptions: readonly Subscription[] | undefined) {
  if (narrow.kind !== "stream" && narrow.kind !== "topic") return narrow;
  const streamName = currentName(narrow.streamId, narrow.streamName, subscriptions);
  return streamName === narrow.streamName ? narrow : { ...narrow, streamName };
}

/**
 * A route with streams named as the subscriptions name them now (a URL's name may be outdated
 * after a rename; the id is not). Pure, for the hook below and for tests.
 */
function resolveRouteNames(
  route: Route,
  subscriptions: readonly Subscription[] | undefined,
): Route {
  switch (route.kind) {
    case "narrow":
      return { kind: "narrow", narrow: withCurrentName(route.narrow, subscriptions) };
    case "topics":
    case "stream-settings":
      return {
        ...route,
        streamName: currentName(route.streamId, route.streamName, subscriptions),
      };
    case "streams":
    case "linkifiers":
    case "emoji":
    case "groups":
    case "users":
    case "account":
    case "uploads":
    case "inbox":
    case "recent":
    case "drafts":
    case "home":
      return route;
  }
}

/** What the URL hash shows in the centre column, with current stream names. */
export function useCurrentRoute(): Route {
  const hash = useHash();
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  return useMemo(
    () => resolveRouteNames(routeFromHash(hash), subscriptions),
    [hash, subscriptions],
  );
}

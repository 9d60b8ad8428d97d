import { useMemo } from "react";
import { allMessagesNarrow } from "../../lib/narrow";
import type { Route } from "../../lib/route";
import { useUiStore, type HomeView } from "../../stores/ui-store";

/**
 * The user's home view: their `web_home_view` setting (the register snapshot, then each
 * change), remembered by the browser for the first paint; the Inbox, Zulip's default, until known.
 */
export function useHomeView(): HomeView {
  return useUiStore((state) => state.homeView);
}

/** The route the home route shows (any other route is itself). */
export function resolveHomeRoute(route: Route, homeView: HomeView): Route {
  if (route.kind !== "home") return route;
  switch (homeView) {
    case "inbox":
      return { kind: "inbox" };
    case "recent_topics":
      return { kind: "recent" };
    case "all_messages":
      return { kind: "narrow", narrow: allMessagesNarrow() };
  }
}

/** `route`, with the home route replaced by the user's home view (the same object while equal). */
export function useHomeRoute(route: Route): Route {
  const homeView = useHomeView();
  return useMemo(() => resolveHomeRoute(route, homeView), [route, homeView]);
}

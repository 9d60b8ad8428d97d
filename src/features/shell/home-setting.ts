import { useMemo } from "react";
import { allMessagesNarrow } from "../../lib/narrow";
import type { Route } from "../../lib/route";

/** Zulip's `web_home_view` user setting: what the empty hash (and login) shows. */
export type HomeView = "inbox" | "recent_topics" | "all_messages";

/**
 * The user's home view. The Inbox for now, as Zulip's default; to be read from the user's
 * `web_home_view` setting.
 */
export function useHomeView(): HomeView {
  return "inbox";
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

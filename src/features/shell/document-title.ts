import { useEffect } from "react";
import { narrowTitle } from "../../lib/narrow";
import { ORGANIZATION_PAGES, ZULIP_VIEWS, type Route } from "../../lib/route";
import { totalUnread, useUnreadStore } from "../../stores/unread-store";

/** What the centre column is called: the h1 of a narrow, and the tab title. */
export function routeTitle(route: Route, userName: (userId: number) => string): string {
  switch (route.kind) {
    case "narrow":
      return narrowTitle(route.narrow, userName);
    case "topics":
      return `#${route.streamName} topics`;
    case "streams":
      return "Streams";
    case "stream-settings":
      return `#${route.streamName} settings`;
    case "linkifiers":
    case "emoji":
    case "groups":
    case "users":
    case "account":
    case "uploads":
      return ORGANIZATION_PAGES[route.kind].title;
    case "inbox":
    case "recent":
    case "drafts":
      return ZULIP_VIEWS[route.kind].title;
    case "home":
      return "Home";
  }
}

/** "(3) title - Parley": the tab title, with the unread total first when there is one. */
export function documentTitle(title: string, unread: number): string {
  return `${unread > 0 ? `(${unread}) ` : ""}${title} - Parley`;
}

/** Keeps the tab title in step with the view and the unread total. */
export function useDocumentTitle(title: string): void {
  const unread = useUnreadStore(totalUnread);
  useEffect(() => {
    document.title = documentTitle(title, unread);
  }, [unread, title]);
}

import type { MouseEvent } from "react";
import type { Route } from "../../lib/route";
import { uiActions } from "../../stores/ui-store";
import { DirectMessageList } from "../direct-messages/dm-list";
import { OrganizationList } from "./organization-list";
import { StreamSection } from "./stream-list";
import { ViewList } from "./view-list";
import "./sidebar.css";

/** A click on a link inside the sidebar navigates: on narrow screens the drawer has done its job. */
function closeDrawerAfterNavigation(event: MouseEvent<HTMLDivElement>) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const link = target.closest("a[href]");
  if (link === null || !event.currentTarget.contains(link)) return;
  uiActions.setLeftDrawerOpen(false);
}

/**
 * The left sidebar: views (Inbox, Recent conversations, all messages, mentions, starred, Drafts), subscribed streams with the
 * current one's topics, direct conversations, and the organisation's pages, each a navigation landmark with unread
 * counts and menus. The shell places it (a column, or a drawer on narrow screens).
 */
export function Sidebar({ currentRoute }: { currentRoute: Route }) {
  const narrow = currentRoute.kind === "narrow" ? currentRoute.narrow : undefined;
  return (
    // Clicks (and Enter on a link) bubble here from the links inside, which stay plain links.
    <div className="sidebar-content" onClick={closeDrawerAfterNavigation}>
      <ViewList currentRoute={currentRoute} />
      <StreamSection currentRoute={currentRoute} />
      <DirectMessageList currentNarrow={narrow} />
      <OrganizationList currentRoute={currentRoute} />
    </div>
  );
}

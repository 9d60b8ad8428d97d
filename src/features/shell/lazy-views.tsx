import { lazy, Suspense } from "react";

// Zulip's views load on first use, not with the app (the first view's budget): the Inbox is
// the home, but its code is small and arrives while the event queue registers.
const InboxView = lazy(() =>
  import("../inbox/inbox-view").then((module) => ({ default: module.InboxView })),
);
const RecentView = lazy(() =>
  import("../recent/recent-view").then((module) => ({ default: module.RecentView })),
);
const DraftsView = lazy(() =>
  import("../drafts/drafts-view").then((module) => ({ default: module.DraftsView })),
);

/** One of Zulip's views (`#inbox`, `#recent`, `#drafts`), loaded the first time it shows. */
export function LazyZulipView({ view }: { view: "inbox" | "recent" | "drafts" }) {
  return (
    <Suspense fallback={null}>
      {view === "inbox" ? <InboxView /> : view === "recent" ? <RecentView /> : <DraftsView />}
    </Suspense>
  );
}

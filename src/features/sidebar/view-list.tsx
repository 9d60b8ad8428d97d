import { useId, useState } from "react";
import { ConfirmDialog } from "../../components/dialog";
import { Icon, type IconName } from "../../components/icon";
import { MenuButton } from "../../components/menu";
import {
  allMessagesNarrow,
  mentionsNarrow,
  narrowKey,
  narrowToHash,
  narrowTitle,
  starredNarrow,
  type Narrow,
} from "../../lib/narrow";
import { ZULIP_VIEWS, type Route, type ZulipView } from "../../lib/route";
import { markAllAsRead } from "../../controllers/mark-read";
import { useDraftCount } from "../../stores/drafts-store";
import { allUnread, narrowUnread, totalUnread, useUnreadStore } from "../../stores/unread-store";
import { SidebarError } from "./sidebar-error";
import { UnreadCount } from "./unread-count";
import { useMarkAsRead } from "./use-mark-as-read";

const VIEWS: readonly { narrow: Narrow; icon: IconName }[] = [
  { narrow: allMessagesNarrow(), icon: "list" },
  { narrow: mentionsNarrow(), icon: "at" },
  { narrow: starredNarrow(), icon: "star" },
];

function ViewLink({
  narrow,
  icon,
  isCurrent,
}: {
  narrow: Narrow;
  icon: IconName;
  isCurrent: boolean;
}) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => narrowUnread(state, narrow));
  return (
    <a
      aria-labelledby={nameId}
      aria-describedby={unread > 0 ? countId : undefined}
      className="sidebar-link view-link"
      data-narrow={narrow.kind}
      href={narrowToHash(narrow)}
      aria-current={isCurrent ? "page" : undefined}
    >
      <Icon name={icon} className="sidebar-link-icon" />
      <span id={nameId} className="sidebar-link-name">
        {narrowTitle(narrow)}
      </span>
      <UnreadCount id={countId} count={unread} />
    </a>
  );
}

/** Inbox, Recent conversations, Drafts: Zulip's views that are not narrows. */
function ZulipViewLink({
  view,
  icon,
  count = 0,
  countLabel = "",
  isCurrent,
}: {
  view: ZulipView;
  icon: IconName;
  /** A count beside the name (unread messages, drafts), shown when above 0. */
  count?: number;
  countLabel?: string;
  isCurrent: boolean;
}) {
  const nameId = useId();
  const countId = useId();
  return (
    <a
      aria-labelledby={nameId}
      aria-describedby={count > 0 ? countId : undefined}
      className="sidebar-link view-link"
      data-view={view}
      href={ZULIP_VIEWS[view].hash}
      aria-current={isCurrent ? "page" : undefined}
    >
      <Icon name={icon} className="sidebar-link-icon" />
      <span id={nameId} className="sidebar-link-name">
        {ZULIP_VIEWS[view].title}
      </span>
      {count > 0 && (
        <span id={countId} className="unread-count view-count" aria-label={countLabel}>
          {count}
        </span>
      )}
    </a>
  );
}

/**
 * Inbox and Recent conversations, all messages, mentions and starred, and Drafts, with their unread counts, and the views menu: "Mark all
 * messages as read", after a confirmation.
 */
export function ViewList({ currentRoute }: { currentRoute: Route }) {
  const headingId = useId();
  const currentNarrow = currentRoute.kind === "narrow" ? currentRoute.narrow : undefined;
  const currentKey = currentNarrow === undefined ? undefined : narrowKey(currentNarrow);
  // The Inbox's count leaves muted conversations out; "mark all as read" reads everything.
  const total = useUnreadStore(totalUnread);
  const everything = useUnreadStore(allUnread);
  const draftCount = useDraftCount();
  const markAsRead = useMarkAsRead();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <nav className="sidebar-section" aria-labelledby={headingId}>
      <div className="sidebar-section-header">
        <h2 id={headingId} className="sidebar-heading">
          Views
        </h2>
        <MenuButton
          label="Views options"
          className="icon-button sidebar-header-button"
          items={[
            {
              label: "Mark all messages as read",
              onSelect: () => {
                setConfirming(true);
              },
            },
          ]}
        >
          <Icon name="more" />
        </MenuButton>
      </div>
      <ul className="sidebar-list">
        <li className="sidebar-item">
          <ZulipViewLink
            view="inbox"
            icon="inbox"
            count={total}
            countLabel={`${total} unread`}
            isCurrent={currentRoute.kind === "inbox"}
          />
        </li>
        <li className="sidebar-item">
          <ZulipViewLink view="recent" icon="clock" isCurrent={currentRoute.kind === "recent"} />
        </li>
        {VIEWS.map(({ narrow, icon }) => (
          <li key={narrow.kind} className="sidebar-item">
            <ViewLink narrow={narrow} icon={icon} isCurrent={narrowKey(narrow) === currentKey} />
          </li>
        ))}
        <li className="sidebar-item">
          <ZulipViewLink
            view="drafts"
            icon="edit"
            count={draftCount}
            countLabel={draftCount === 1 ? "1 draft" : `${draftCount} drafts`}
            isCurrent={currentRoute.kind === "drafts"}
          />
        </li>
      </ul>
      {markAsRead.error !== null && (
        <SidebarError message={markAsRead.error} onDismiss={markAsRead.dismiss} />
      )}
      {isConfirming && (
        <ConfirmDialog
          title="Mark all messages as read?"
          confirmLabel="Mark all as read"
          onConfirm={() => {
            setConfirming(false);
            markAsRead.run("all messages", (client) => markAllAsRead(client));
          }}
          onCancel={() => {
            setConfirming(false);
          }}
        >
          <p>
            {everything === 1
              ? "The 1 unread message in your streams and conversations will be marked as read."
              : `All ${everything} unread messages in your streams and conversations will be marked as read.`}
          </p>
        </ConfirmDialog>
      )}
    </nav>
  );
}

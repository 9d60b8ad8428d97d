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
import { markAllAsRead } from "../../controllers/mark-read";
import { allUnread, narrowUnread, useUnreadStore } from "../../stores/unread-store";
import { SidebarError } from "./sidebar-error";
import { UnreadCount } from "./unread-count";
import { useMarkAsRead } from "./use-mark-as-read";

const VIEWS: readonly { narrow: Narrow; icon: IconName }[] = [
  { narrow: allMessagesNarrow(), icon: "inbox" },
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

/**
 * All messages, mentions and starred, with their unread counts, and the views menu: "Mark all
 * messages as read", after a confirmation.
 */
export function ViewList({ currentNarrow }: { currentNarrow: Narrow | undefined }) {
  const headingId = useId();
  const currentKey = currentNarrow === undefined ? undefined : narrowKey(currentNarrow);
  const total = useUnreadStore(allUnread);
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
        {VIEWS.map(({ narrow, icon }) => (
          <li key={narrow.kind} className="sidebar-item">
            <ViewLink narrow={narrow} icon={icon} isCurrent={narrowKey(narrow) === currentKey} />
          </li>
        ))}
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
            {total === 1
              ? "The 1 unread message in your streams and conversations will be marked as read."
              : `All ${total} unread messages in your streams and conversations will be marked as read.`}
          </p>
        </ConfirmDialog>
      )}
    </nav>
  );
}

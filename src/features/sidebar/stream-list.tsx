import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import type { Subscription } from "../../api/types/streams";
import { narrowToHash, streamNarrow, type Narrow } from "../../lib/narrow";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { streamUnread, useUnreadStore } from "../../stores/unread-store";
import { UnreadCount } from "./unread-count";
import { ViewList } from "./view-list";

const SAFE_COLOR = /^#[0-9a-f]{3,8}$/i;

function sortForSidebar(subscriptions: readonly Subscription[]): Subscription[] {
  return [...subscriptions].sort(
    (a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || a.name.localeCompare(b.name),
  );
}

function LockIcon() {
  return (
    <svg className="stream-lock" viewBox="0 0 16 16" role="img" aria-label="private">
      <title>Private stream</title>
      <path
        fill="currentColor"
        d="M4 7V5a4 4 0 0 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4zm2 0h4V5a2 2 0 1 0-4 0v2z"
      />
    </svg>
  );
}

function StreamLink({
  subscription,
  isCurrent,
}: {
  subscription: Subscription;
  isCurrent: boolean;
}) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => streamUnread(state, subscription.stream_id));
  const color = SAFE_COLOR.test(subscription.color) ? subscription.color : undefined;
  return (
    <a
      aria-labelledby={nameId}
      aria-describedby={unread > 0 ? countId : undefined}
      className="stream-link"
      data-stream-id={subscription.stream_id}
      href={narrowToHash(streamNarrow(subscription.stream_id, subscription.name))}
      aria-current={isCurrent ? "page" : undefined}
    >
      <span
        className="stream-dot"
        style={color === undefined ? undefined : { backgroundColor: color }}
        aria-hidden="true"
      />
      <span id={nameId} className="stream-name">
        {subscription.name}
      </span>
      {subscription.invite_only && <LockIcon />}
      <UnreadCount id={countId} count={unread} />
    </a>
  );
}

/** The subscribed streams, pinned first then by name; the current one is marked. */
export function StreamList({ currentNarrow }: { currentNarrow: Narrow | undefined }) {
  const subscriptions = useQuery(subscriptionQueries.list());
  const sorted = useMemo(() => sortForSidebar(subscriptions.data ?? []), [subscriptions.data]);

  return (
    <nav className="sidebar" aria-labelledby="streams-heading">
      <ViewList currentNarrow={currentNarrow} />
      <h2 id="streams-heading" className="sidebar-heading">
        Streams
      </h2>
      {subscriptions.isPending && <p role="status">Loading…</p>}
      {subscriptions.isError && (
        <p className="error" role="alert">
          Could not load your streams.
        </p>
      )}
      <ul className="stream-list">
        {sorted.map((subscription) => (
          <li key={subscription.stream_id}>
            <StreamLink
              subscription={subscription}
              isCurrent={
                currentNarrow !== undefined &&
                "streamId" in currentNarrow &&
                currentNarrow.streamId === subscription.stream_id
              }
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

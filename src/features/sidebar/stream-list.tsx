import { useId, useMemo, useState } from "react";
import type { Subscription } from "../../../common/wire/streams";
import { Icon } from "../../components/icon";
import { MenuButton } from "../../components/menu";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { STREAMS_HASH, streamSettingsHash, type Route } from "../../lib/route";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { markStreamAsRead } from "../../controllers/mark-read";
import { streamUnread, useUnreadStore } from "../../stores/unread-store";
import { uiActions } from "../../stores/ui-store";
import { CreateStreamDialog } from "../streams/create-stream-dialog";
import { streamColor } from "../streams/stream-color";
import { useUnsubscribeFlow, type StreamToLeave } from "../streams/unsubscribe-dialog";
import { SidebarError } from "./sidebar-error";
import { StreamTopics } from "./stream-topics";
import { UnreadCount } from "./unread-count";
import { useMarkAsRead } from "./use-mark-as-read";

/** Where the route is, as far as the stream list cares: a stream, and maybe a topic in it. */
export interface CurrentPlace {
  readonly streamId: number;
  readonly topic: string | undefined;
  /** The stream's own view (its narrow), not a topic or its topic list. */
  readonly isStreamView: boolean;
}

/** The stream (and topic) a route shows: stream and topic narrows, and a stream's topic list. */
function currentPlace(route: Route): CurrentPlace | undefined {
  if (route.kind === "topics") {
    return { streamId: route.streamId, topic: undefined, isStreamView: false };
  }
  if (route.kind !== "narrow") return undefined;
  const { narrow } = route;
  if (narrow.kind === "stream") {
    return { streamId: narrow.streamId, topic: undefined, isStreamView: true };
  }
  if (narrow.kind === "topic") {
    return { streamId: narrow.streamId, topic: narrow.topic, isStreamView: false };
  }
  return undefined;
}

/** Pinned streams first, then by name. */
function sortForSidebar(subscriptions: readonly Subscription[]): Subscription[] {
  return [...subscriptions].sort(
    (a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || a.name.localeCompare(b.name),
  );
}

function StreamLink({ subscription, current }: { subscription: Subscription; current: string }) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => streamUnread(state, subscription.stream_id));
  const color = streamColor(subscription.color);
  return (
    <a
      aria-labelledby={nameId}
      aria-describedby={unread > 0 ? countId : undefined}
      className="sidebar-link stream-link"
      data-stream-id={subscription.stream_id}
      href={narrowToHash(streamNarrow(subscription.stream_id, subscription.name))}
      aria-current={current === "" ? undefined : current === "page" ? "page" : "true"}
    >
      <span
        className="stream-dot"
        style={color === undefined ? undefined : { backgroundColor: color }}
        aria-hidden="true"
      />
      <span id={nameId} className="sidebar-link-name stream-name">
        {subscription.name}
      </span>
      {subscription.invite_only && (
        <span className="stream-lock">
          <Icon name="lock" size={12} />
          <span className="visually-hidden">private</span>
        </span>
      )}
      <UnreadCount id={countId} count={unread} />
    </a>
  );
}

function StreamItem({
  subscription,
  place,
  markAsRead,
  onUnsubscribe,
}: {
  subscription: Subscription;
  place: CurrentPlace | undefined;
  markAsRead: ReturnType<typeof useMarkAsRead>["run"];
  onUnsubscribe: (stream: StreamToLeave) => void;
}) {
  const { stream_id: streamId, name } = subscription;
  const isHere = place?.streamId === streamId;
  const current = !isHere ? "" : place.isStreamView ? "page" : "true";
  return (
    <li className="sidebar-item">
      <div className="sidebar-row">
        <StreamLink subscription={subscription} current={current} />
        <MenuButton
          label={`Stream options for ${name}`}
          className="icon-button sidebar-row-menu"
          items={[
            {
              label: "Mark all as read",
              onSelect: () => {
                markAsRead(`#${name}`, (client) => markStreamAsRead(client, streamId));
              },
            },
            {
              label: "Stream settings",
              onSelect: () => {
                uiActions.setLeftDrawerOpen(false);
                window.location.hash = streamSettingsHash(streamId, name);
              },
            },
            {
              label: "Unsubscribe",
              isDanger: true,
              onSelect: () => {
                onUnsubscribe(subscription);
              },
            },
          ]}
        >
          <Icon name="more" />
        </MenuButton>
      </div>
      {isHere && (
        <StreamTopics
          streamId={streamId}
          streamName={name}
          currentTopic={place.topic}
          markAsRead={markAsRead}
        />
      )}
    </li>
  );
}

/**
 * The subscribed streams (pinned first, then by name) with colour, lock and unread count; the
 * current one expanded with its topics; per-stream menus; "Create stream" and "Browse streams".
 */
export function StreamSection({ currentRoute }: { currentRoute: Route }) {
  const headingId = useId();
  const subscriptions = useSnapshotQuery(subscriptionQueries.list());
  const sorted = useMemo(() => sortForSidebar(subscriptions.data ?? []), [subscriptions.data]);
  const place = currentPlace(currentRoute);
  const markAsRead = useMarkAsRead();
  const unsubscribe = useUnsubscribeFlow();
  const [isCreating, setCreating] = useState(false);

  return (
    <nav className="sidebar-section" aria-labelledby={headingId}>
      <div className="sidebar-section-header">
        <h2 id={headingId} className="sidebar-heading">
          Streams
        </h2>
        <button
          type="button"
          className="icon-button sidebar-header-button"
          aria-label="Create stream"
          onClick={() => {
            setCreating(true);
          }}
        >
          <Icon name="plus" />
        </button>
      </div>
      {subscriptions.isPending && (
        <p className="sidebar-note" role="status">
          Loading streams…
        </p>
      )}
      {subscriptions.isError && (
        <p className="sidebar-note error" role="alert">
          Could not load your streams.
        </p>
      )}
      {subscriptions.isSuccess && sorted.length === 0 && (
        <p className="sidebar-note">You are not subscribed to any stream yet.</p>
      )}
      {markAsRead.error !== null && (
        <SidebarError message={markAsRead.error} onDismiss={markAsRead.dismiss} />
      )}
      <ul className="sidebar-list stream-list">
        {sorted.map((subscription) => (
          <StreamItem
            key={subscription.stream_id}
            subscription={subscription}
            place={place}
            markAsRead={markAsRead.run}
            onUnsubscribe={unsubscribe.request}
          />
        ))}
      </ul>
      <a className="sidebar-link sidebar-more-link" href={STREAMS_HASH}>
        <Icon name="search" className="sidebar-link-icon" />
        Browse streams
      </a>
      {isCreating && (
        <CreateStreamDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {unsubscribe.dialog}
    </nav>
  );
}

import { useId, useMemo, useState } from "react";
import type { Subscription } from "../../../common/wire/streams";
import { Icon } from "../../components/icon";
import { MenuButton } from "../../components/menu";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { STREAMS_HASH, streamSettingsHash, type Route } from "../../lib/route";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { markStreamAsRead } from "../../controllers/mark-read";
import { isStreamMuted, streamUnread, useUnreadStore } from "../../stores/unread-store";
import { useSetSubscriptionProperty } from "../../queries/muting-mutations";
import { useSidebarAction } from "./use-sidebar-action";
import { LazyStreamColorDialog } from "../streams/lazy-stream-color-dialog";
import { uiActions } from "../../stores/ui-store";
import { LazyCreateStreamDialog } from "../streams/lazy-create-stream-dialog";
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

/** Pinned streams, and the others; each by name, muted ones last (as Zulip's sidebar). */
function sortForSidebar(subscriptions: readonly Subscription[]): {
  pinned: Subscription[];
  others: Subscription[];
} {
  const sorted = [...subscriptions].sort(
    (a, b) => Number(a.is_muted) - Number(b.is_muted) || a.name.localeCompare(b.name),
  );
  return {
    pinned: sorted.filter((sub) => sub.pin_to_top),
    others: sorted.filter((sub) => !sub.pin_to_top),
  };
}

function StreamLink({ subscription, current }: { subscription: Subscription; current: string }) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => streamUnread(state, subscription.stream_id));
  const isMuted = useUnreadStore((state) => isStreamMuted(state, subscription.stream_id));
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
      {isMuted && (
        <span className="stream-muted-mark">
          <Icon name="eyeOff" size={12} />
          <span className="visually-hidden">muted</span>
        </span>
      )}
      <UnreadCount id={countId} count={unread} />
    </a>
  );
}

interface StreamItemActions {
  markAsRead: ReturnType<typeof useMarkAsRead>["run"];
  runAction: ReturnType<typeof useSidebarAction>["run"];
  onUnsubscribe: (stream: StreamToLeave) => void;
  onChangeColor: (subscription: Subscription) => void;
}

function StreamItem({
  subscription,
  place,
  actions,
}: {
  subscription: Subscription;
  place: CurrentPlace | undefined;
  actions: StreamItemActions;
}) {
  const { stream_id: streamId, name } = subscription;
  const { markAsRead, runAction, onUnsubscribe } = actions;
  const isHere = place?.streamId === streamId;
  const current = !isHere ? "" : place.isStreamView ? "page" : "true";
  const setProperty = useSetSubscriptionProperty();
  const toggle = (property: "is_muted" | "pin_to_top", value: boolean, failure: string) => {
    runAction(failure, () => setProperty.mutateAsync({ stream_id: streamId, property, value }));
  };
  return (
    <li className={subscription.is_muted ? "sidebar-item is-muted" : "sidebar-item"}>
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
            subscription.is_muted
              ? {
                  label: "Unmute stream",
                  onSelect: () => {
                    toggle("is_muted", false, `Could not unmute #${name}`);
                  },
                }
              : {
                  label: "Mute stream",
                  onSelect: () => {
                    toggle("is_muted", true, `Could not mute #${name}`);
                  },
                },
            subscription.pin_to_top
              ? {
                  label: "Unpin from top",
                  onSelect: () => {
                    toggle("pin_to_top", false, `Could not unpin #${name}`);
                  },
                }
              : {
                  label: "Pin to top",
                  onSelect: () => {
                    toggle("pin_to_top", true, `Could not pin #${name}`);
                  },
                },
            {
              label: "Change colour",
              onSelect: () => {
                actions.onChangeColor(subscription);
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
          runAction={runAction}
        />
      )}
    </li>
  );
}

/**
 * The subscribed streams (the pinned ones in a list of their own above the others; muted ones
 * dimmed, last in their list) with colour, lock and unread count; the
 * current one expanded with its topics; per-stream menus; "Create stream" and "Browse streams".
 */
export function StreamSection({ currentRoute }: { currentRoute: Route }) {
  const headingId = useId();
  const subscriptions = useSnapshotQuery(subscriptionQueries.list());
  const { pinned, others } = useMemo(
    () => sortForSidebar(subscriptions.data ?? []),
    [subscriptions.data],
  );
  const place = currentPlace(currentRoute);
  const markAsRead = useMarkAsRead();
  const action = useSidebarAction();
  const unsubscribe = useUnsubscribeFlow();
  const [isCreating, setCreating] = useState(false);
  const [coloring, setColoring] = useState<Subscription | null>(null);
  const actions: StreamItemActions = {
    markAsRead: markAsRead.run,
    runAction: action.run,
    onUnsubscribe: unsubscribe.request,
    onChangeColor: setColoring,
  };
  const items = (list: readonly Subscription[]) =>
    list.map((subscription) => (
      <StreamItem
        key={subscription.stream_id}
        subscription={subscription}
        place={place}
        actions={actions}
      />
    ));

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
      {subscriptions.isSuccess && pinned.length + others.length === 0 && (
        <p className="sidebar-note">You are not subscribed to any stream yet.</p>
      )}
      {markAsRead.error !== null && (
        <SidebarError message={markAsRead.error} onDismiss={markAsRead.dismiss} />
      )}
      {action.error !== null && <SidebarError message={action.error} onDismiss={action.dismiss} />}
      {pinned.length > 0 && (
        <ul className="sidebar-list stream-list pinned-streams" aria-label="Pinned streams">
          {items(pinned)}
        </ul>
      )}
      <ul
        className="sidebar-list stream-list"
        aria-label={pinned.length > 0 ? "Other streams" : undefined}
      >
        {items(others)}
      </ul>
      <a className="sidebar-link sidebar-more-link" href={STREAMS_HASH}>
        <Icon name="search" className="sidebar-link-icon" />
        Browse streams
      </a>
      {isCreating && (
        <LazyCreateStreamDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {coloring !== null && (
        <LazyStreamColorDialog
          streamId={coloring.stream_id}
          streamName={coloring.name}
          color={coloring.color}
          onClose={() => {
            setColoring(null);
          }}
        />
      )}
      {unsubscribe.dialog}
    </nav>
  );
}

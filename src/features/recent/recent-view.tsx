import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { moveRowFocus } from "../../components/row-focus";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import { useSessionStore } from "../../stores/session-store";
import { dmUnread, topicUnread, useUnreadStore } from "../../stores/unread-store";
import { formatRelativeTime, useMinuteClock } from "../topics/relative-time";
import { useUserName } from "../users/use-user-name";
import { isMuteKey, toggleTopicMute } from "../topics/toggle-topic-mute";
import { RECENT_ROW_SELECTOR, recentLabel, RecentRowView, type RecentLookups } from "./recent-row";
import {
  filterRecent,
  NO_RECENT_FILTERS,
  recentConversations,
  type RecentFilters,
  type RecentRow,
} from "./recent-rows";
import { useRecentMessages } from "./use-recent-messages";
import "../../components/page.css";
import "../streams/pane-layout.css";
import "../../components/data-table.css";
import "./recent.css";

function useLookups(): RecentLookups {
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  const users = useSnapshotQuery(userQueries.list()).data;
  const userName = useUserName();
  return useMemo(() => {
    const streams = new Map((subscriptions ?? []).map((sub) => [sub.stream_id, sub]));
    const byId = new Map((users ?? []).map((user) => [user.user_id, user]));
    return {
      streamName: (streamId) => streams.get(streamId)?.name ?? `stream ${streamId}`,
      streamColor: (streamId) => streams.get(streamId)?.color,
      user: (userId) => byId.get(userId),
      userName,
    };
  }, [subscriptions, users, userName]);
}

/** A toggle of the toolbar ("Unread", "Participated"). */
function FilterToggle({
  label,
  isOn,
  onChange,
}: {
  label: string;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
}) {
  return (
    <button
      type="button"
      className="button recent-toggle"
      aria-pressed={isOn}
      onClick={() => {
        onChange(!isOn);
      }}
    >
      {label}
    </button>
  );
}

function Toolbar({
  filters,
  setFilters,
}: {
  filters: RecentFilters;
  setFilters: (change: Partial<RecentFilters>) => void;
}) {
  const textId = useId();
  const streamId = useId();
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  const streams = useMemo(
    () => [...(subscriptions ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [subscriptions],
  );
  return (
    <div className="page-toolbar pane-toolbar recent-toolbar">
      <label htmlFor={textId} className="visually-hidden">
        Filter conversations
      </label>
      <input
        id={textId}
        type="search"
        className="page-filter"
        placeholder="Filter conversations"
        value={filters.text}
        onChange={(event) => {
          setFilters({ text: event.target.value });
        }}
      />
      <FilterToggle
        label="Unread"
        isOn={filters.unreadOnly}
        onChange={(unreadOnly) => {
          setFilters({ unreadOnly });
        }}
      />
      <FilterToggle
        label="Participated"
        isOn={filters.participated}
        onChange={(participated) => {
          setFilters({ participated });
        }}
      />
      <label htmlFor={streamId} className="visually-hidden">
        Stream
      </label>
      <select
        id={streamId}
        className="recent-stream-filter"
        value={filters.streamId ?? ""}
        onChange={(event) => {
          const value = event.target.value;
          setFilters({ streamId: value === "" ? null : Number(value) });
        }}
      >
        <option value="">All streams and direct messages</option>
        {streams.map((sub) => (
          <option key={sub.stream_id} value={sub.stream_id}>
            #{sub.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Zulip's Recent conversations: every topic and direct conversation of the newest messages,
 * newest first, with participants, unread count and time; filters (unread, participated, a
 * stream, text), keyboard navigation (arrows or j/k, Enter opens), and "Load more" for older.
 */
export function RecentView() {
  const headingId = useId();
  const [filters, setFilterState] = useState(NO_RECENT_FILTERS);
  const setFilters = (change: Partial<RecentFilters>) => {
    setFilterState((previous) => ({ ...previous, ...change }));
  };
  const { messages, state, loadMore } = useRecentMessages();
  const ownUserId = useSessionStore((session) => session.credentials?.userId ?? -1);
  const unread = useUnreadStore((store) => store);
  const lookups = useLookups();
  const now = useMinuteClock();
  const all = useMemo(() => recentConversations(messages, ownUserId), [messages, ownUserId]);
  const rows = useMemo(
    () =>
      filterRecent(all, filters, {
        unreadCount: (row: RecentRow) =>
          row.kind === "topic"
            ? topicUnread(unread, row.streamId, row.topic)
            : dmUnread(unread, row.userIds),
        label: (row: RecentRow) => recentLabel(row, lookups),
      }),
    [all, filters, unread, lookups],
  );
  const oldest = messages[0];
  const [muteError, setMuteError] = useState<string | null>(null);

  return (
    // The keys bubble here from the rows.
    <section
      className="recent-view pane-page"
      aria-labelledby={headingId}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        if (moveRowFocus(event, RECENT_ROW_SELECTOR) || !isMuteKey(event)) return;
        // Shift+M: the focused row's topic, muted or unmuted.
        const target = event.target instanceof Element ? event.target : null;
        if (target?.closest(RECENT_ROW_SELECTOR) == null) return;
        const key = target.closest<HTMLElement>("[data-key]")?.dataset["key"];
        const row = rows.find((candidate) => candidate.key === key);
        if (row?.kind !== "topic") return;
        event.preventDefault();
        void toggleTopicMute(row.streamId, row.topic).then(setMuteError);
      }}
    >
      <header className="pane-header">
        <h1 id={headingId} className="pane-title">
          Recent conversations
        </h1>
      </header>
      <Toolbar filters={filters} setFilters={setFilters} />
      {state?.error != null && (
        <div className="pane-state error" role="alert">
          <p>Could not load the recent conversations: {state.error}</p>
          <button type="button" className="button" onClick={loadMore}>
            Try again
          </button>
        </div>
      )}
      {muteError !== null && (
        <p className="pane-state error" role="alert">
          {muteError}
        </p>
      )}
      {rows.length > 0 ? (
        <table className="data-table recent-table">
          <caption className="visually-hidden">Recent conversations, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Conversation</th>
              <th scope="col">Participants</th>
              <th scope="col">Unread</th>
              <th scope="col">Last activity</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <RecentRowView key={row.key} row={row} lookups={lookups} now={now} />
            ))}
          </tbody>
        </table>
      ) : (
        state?.hasFetched === true &&
        !state.isLoading && (
          <p className="pane-state">
            {all.length === 0 ? "No conversations yet." : "No conversation matches these filters."}
          </p>
        )
      )}
      <div className="recent-footer">
        {state?.isLoading === true ? (
          <p className="muted" role="status">
            Loading conversations…
          </p>
        ) : state?.found_oldest === false ? (
          <button type="button" className="button" onClick={loadMore}>
            Load more
          </button>
        ) : null}
        {oldest !== undefined && state?.found_oldest === false && (
          <p className="muted recent-span">
            From the newest {messages.length} messages, back to{" "}
            {formatRelativeTime(oldest.timestamp, now)}.
          </p>
        )}
      </div>
    </section>
  );
}

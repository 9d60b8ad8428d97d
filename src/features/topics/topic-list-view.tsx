import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import type { Topic } from "../../../common/wire/streams";
import { Icon } from "../../components/icon";
import { narrowToHash, streamNarrow, topicNarrow } from "../../lib/narrow";
import { streamSettingsHash } from "../../lib/route";
import { formatDateTime, isoDateTime } from "../../lib/time";
import { streamQueries } from "../../queries/stream-queries";
import { topicActivityQueries } from "../../queries/topic-activity-queries";
import { markTopicAsRead } from "../../controllers/mark-read";
import { getMessage, useMessageStore } from "../../stores/message-store";
import {
  isConversationMuted,
  topicUnread,
  topicVisibilityPolicy,
  useUnreadStore,
} from "../../stores/unread-store";
import { SidebarError } from "../sidebar/sidebar-error";
import { useMarkAsRead } from "../sidebar/use-mark-as-read";
import { useSidebarAction } from "../sidebar/use-sidebar-action";
import { TopicPolicyMark } from "./topic-policy-mark";
import { TopicVisibilityMenu } from "./topic-visibility-menu";
import { errorMessage } from "../streams/error-message";
import { formatRelativeTime, useMinuteClock } from "./relative-time";
import { topicRows, type TopicRow } from "./topic-rows";
import "../../components/page.css";
import "../streams/pane-layout.css";
import "../../components/data-table.css";
import "./topics.css";

type RunAction = ReturnType<typeof useSidebarAction>["run"];

/** Rows shown at first, and added by each "Show more". */
const PAGE_SIZE = 100;

/**
 * The times of the topics' newest messages that the message store holds, as "id:time" pairs:
 * a string, so the list re-renders only when one of them arrives.
 */
function useStoredTimes(topics: readonly Topic[] | undefined): ReadonlyMap<number, number> {
  const pairs = useMessageStore((state) =>
    (topics ?? [])
      .flatMap((topic) => {
        const message = getMessage(state, topic.max_id);
        return message === undefined ? [] : [`${topic.max_id}:${message.timestamp}`];
      })
      .join(";"),
  );
  return useMemo(
    () =>
      new Map(
        pairs === ""
          ? []
          : pairs.split(";").map((pair) => {
              const [id, time] = pair.split(":");
              return [Number(id), Number(time)] as const;
            }),
      ),
    [pairs],
  );
}

function TopicRowView({
  streamId,
  streamName,
  row,
  now,
  markAsRead,
  runAction,
}: {
  streamId: number;
  streamName: string;
  row: TopicRow;
  now: number;
  markAsRead: ReturnType<typeof useMarkAsRead>["run"];
  runAction: RunAction;
}) {
  const unread = useUnreadStore((state) => topicUnread(state, streamId, row.name));
  const policy = useUnreadStore((state) => topicVisibilityPolicy(state, streamId, row.name));
  const isMuted = useUnreadStore((state) => isConversationMuted(state, streamId, row.name));
  const classes = ["topic-row", unread > 0 && "is-unread", isMuted && "is-muted"];
  return (
    <tr data-topic={row.name} className={classes.filter(Boolean).join(" ")}>
      <th scope="row" className="topic-cell-name">
        <span className="topic-name-line">
          <a href={narrowToHash(topicNarrow(streamId, streamName, row.name))}>{row.name}</a>
          <TopicPolicyMark policy={policy} isMuted={isMuted} />
          <TopicVisibilityMenu streamId={streamId} topic={row.name} run={runAction} />
        </span>
      </th>
      <td className="topic-cell-time">
        {row.lastActive === undefined ? (
          <span className="muted" title="Not loaded yet">
            —
          </span>
        ) : (
          <time dateTime={isoDateTime(row.lastActive)} title={formatDateTime(row.lastActive)}>
            {formatRelativeTime(row.lastActive, now)}
          </time>
        )}
      </td>
      <td className="topic-cell-unread" data-unread={unread}>
        {unread > 0 ? (
          <span className="topic-unread">
            <span className="unread-count" aria-label={`${unread} unread`}>
              {unread}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Mark “${row.name}” as read`}
              title="Mark as read"
              onClick={() => {
                markAsRead(`“${row.name}”`, (client) =>
                  markTopicAsRead(client, streamId, row.name),
                );
              }}
            >
              <Icon name="check" />
            </button>
          </span>
        ) : (
          <span className="visually-hidden">0 unread</span>
        )}
      </td>
    </tr>
  );
}

function TopicListHeader({
  headingId,
  streamId,
  streamName,
}: {
  headingId: string;
  streamId: number;
  streamName: string;
}) {
  return (
    <header className="pane-header">
      <h1 id={headingId} className="pane-title">
        Topics in #{streamName}
      </h1>
      <div className="pane-header-links">
        <a href={narrowToHash(streamNarrow(streamId, streamName))}>All messages in #{streamName}</a>
        <a href={streamSettingsHash(streamId, streamName)}>Stream settings</a>
      </div>
    </header>
  );
}

/** The rows, a page at a time ("Show more" adds the next). */
function TopicTable({
  streamId,
  streamName,
  rows,
  markAsRead,
  runAction,
}: {
  streamId: number;
  streamName: string;
  rows: readonly TopicRow[];
  markAsRead: ReturnType<typeof useMarkAsRead>["run"];
  runAction: RunAction;
}) {
  const now = useMinuteClock();
  const [limit, setLimit] = useState(PAGE_SIZE);
  return (
    <>
      <table className="data-table topic-table">
        <caption className="visually-hidden">Topics in #{streamName}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Last activity</th>
            <th scope="col">Unread</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, limit).map((row) => (
            <TopicRowView
              key={row.name.toLowerCase()}
              streamId={streamId}
              streamName={streamName}
              row={row}
              now={now}
              markAsRead={markAsRead}
              runAction={runAction}
            />
          ))}
        </tbody>
      </table>
      {rows.length > limit && (
        <button
          type="button"
          className="button topic-more"
          onClick={() => {
            setLimit((shown) => shown + PAGE_SIZE);
          }}
        >
          Show more topics ({rows.length - limit} more)
        </button>
      )}
    </>
  );
}

/** Loading, failed (with a retry), no topics at all, or none matching the filter. */
function TopicListState({
  topics,
  streamName,
  filter,
  shownCount,
}: {
  topics: UseQueryResult<Topic[]>;
  streamName: string;
  filter: string;
  shownCount: number;
}) {
  if (topics.isPending) {
    return (
      <p className="pane-state" role="status">
        Loading topics…
      </p>
    );
  }
  if (topics.isError) {
    return (
      <div className="pane-state error" role="alert">
        <p>
          Could not load the topics of #{streamName}: {errorMessage(topics.error)}
        </p>
        <button type="button" className="button" onClick={() => void topics.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (topics.data.length === 0) {
    return <p className="pane-state">No one has written in #{streamName} yet.</p>;
  }
  if (shownCount === 0) {
    return <p className="pane-state">No topic matches “{filter.trim()}”.</p>;
  }
  return null;
}

/**
 * A stream's topics, newest first: name (a link to the topic), last activity (when known),
 * unread count and "mark as read", with a filter and loading, empty and error states.
 */
export function TopicListView({ streamId, streamName }: { streamId: number; streamName: string }) {
  const headingId = useId();
  const filterId = useId();
  const topics = useQuery(streamQueries.topics(streamId));
  const activity = useQuery(topicActivityQueries.stream(streamId));
  const storedTimes = useStoredTimes(topics.data);
  const markAsRead = useMarkAsRead();
  const action = useSidebarAction();
  const [filter, setFilter] = useState("");
  const rows = useMemo(
    () =>
      topicRows(
        topics.data ?? [],
        filter,
        (topic) => storedTimes.get(topic.max_id) ?? activity.data?.get(topic.name.toLowerCase()),
      ),
    [topics.data, filter, storedTimes, activity.data],
  );
  const total = topics.data?.length ?? 0;

  return (
    <section className="topic-list-view" aria-labelledby={headingId}>
      <TopicListHeader headingId={headingId} streamId={streamId} streamName={streamName} />
      <div className="page-toolbar pane-toolbar">
        <label htmlFor={filterId} className="visually-hidden">
          Filter topics
        </label>
        <input
          id={filterId}
          type="search"
          className="page-filter"
          placeholder="Filter topics"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
          }}
        />
        {topics.isSuccess && (
          <span className="muted pane-count">
            {filter.trim() === "" ? `${total} topics` : `${rows.length} of ${total} topics`}
          </span>
        )}
      </div>
      {markAsRead.error !== null && (
        <SidebarError message={markAsRead.error} onDismiss={markAsRead.dismiss} />
      )}
      {action.error !== null && <SidebarError message={action.error} onDismiss={action.dismiss} />}
      <TopicListState
        topics={topics}
        streamName={streamName}
        filter={filter}
        shownCount={rows.length}
      />
      {rows.length > 0 && (
        // Keyed by the filter: a new filter starts again from the first page.
        <TopicTable
          key={filter}
          streamId={streamId}
          streamName={streamName}
          rows={rows}
          markAsRead={markAsRead.run}
          runAction={action.run}
        />
      )}
    </section>
  );
}

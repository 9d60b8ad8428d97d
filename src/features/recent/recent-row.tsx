import type { CSSProperties } from "react";
import type { User } from "../../../common/wire/users";
import { Avatar } from "../../components/avatar";
import { dmNarrow, narrowToHash, topicNarrow } from "../../lib/narrow";
import { formatDateTime, isoDateTime } from "../../lib/time";
import { dmUnread, topicUnread, useUnreadStore } from "../../stores/unread-store";
import { streamColor } from "../streams/stream-color";
import { formatRelativeTime } from "../topics/relative-time";
import type { RecentRow } from "./recent-rows";

/** The class of each row's link: the arrow keys move between these. */
export const RECENT_ROW_SELECTOR = ".recent-row-main";

/** At most this many participants' pictures; the rest are counted. */
const MAX_AVATARS = 4;

/** What a row needs to name its stream and people. */
export interface RecentLookups {
  readonly streamName: (streamId: number) => string;
  readonly streamColor: (streamId: number) => string | undefined;
  readonly user: (userId: number) => User | undefined;
  readonly userName: (userId: number) => string;
}

/** What the text filter searches, and what the row shows. */
export function recentLabel(row: RecentRow, lookups: RecentLookups): string {
  return row.kind === "topic"
    ? `#${lookups.streamName(row.streamId)} > ${row.topic}`
    : row.userIds.map(lookups.userName).join(", ");
}

function RowUnread({ row }: { row: RecentRow }) {
  const count = useUnreadStore((state) =>
    row.kind === "topic"
      ? topicUnread(state, row.streamId, row.topic)
      : dmUnread(state, row.userIds),
  );
  return count > 0 ? (
    <span className="unread-count" aria-label={`${count} unread`}>
      {count}
    </span>
  ) : (
    <span className="visually-hidden">0 unread</span>
  );
}

function Participants({ row, lookups }: { row: RecentRow; lookups: RecentLookups }) {
  const shown = row.senderIds.slice(0, MAX_AVATARS);
  const rest = row.senderIds.length - shown.length;
  return (
    <span className="recent-participants">
      <span className="visually-hidden">{row.senderIds.map(lookups.userName).join(", ")}</span>
      {shown.map((id) => (
        <span key={id} title={lookups.userName(id)} className="recent-avatar">
          <Avatar url={lookups.user(id)?.avatar_url} name={lookups.userName(id)} size={24} />
        </span>
      ))}
      {rest > 0 && (
        <span className="recent-more" aria-hidden="true">
          +{rest}
        </span>
      )}
    </span>
  );
}

/** One conversation: where (a link that opens it), who, unread, when. */
export function RecentRowView({
  row,
  lookups,
  now,
}: {
  row: RecentRow;
  lookups: RecentLookups;
  now: number;
}) {
  const color = row.kind === "topic" ? streamColor(lookups.streamColor(row.streamId)) : undefined;
  const style: (CSSProperties & Record<"--stream-color", string>) | undefined =
    color === undefined ? undefined : { "--stream-color": color };
  const href =
    row.kind === "topic"
      ? narrowToHash(topicNarrow(row.streamId, lookups.streamName(row.streamId), row.topic))
      : narrowToHash(dmNarrow(row.userIds));
  return (
    <tr className="recent-row" data-key={row.key} data-kind={row.kind} style={style}>
      <th scope="row" className="recent-cell-where">
        <a className="recent-row-main" href={href}>
          {row.kind === "topic" ? (
            <>
              <span className="recent-stream">#{lookups.streamName(row.streamId)}</span>
              <span className="recent-topic">{row.topic}</span>
            </>
          ) : (
            <span className="recent-topic">{recentLabel(row, lookups)}</span>
          )}
        </a>
      </th>
      <td className="recent-cell-who">
        <Participants row={row} lookups={lookups} />
      </td>
      <td className="recent-cell-unread">
        <RowUnread row={row} />
      </td>
      <td className="recent-cell-time">
        <time dateTime={isoDateTime(row.timestamp)} title={formatDateTime(row.timestamp)}>
          {formatRelativeTime(row.timestamp, now)}
        </time>
      </td>
    </tr>
  );
}

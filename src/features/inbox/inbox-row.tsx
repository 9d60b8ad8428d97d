import type { CSSProperties } from "react";
import type { ApiClient } from "../../api/client";
import { Icon } from "../../components/icon";
import { dmNarrow, narrowToHash, topicNarrow } from "../../lib/narrow";
import { markMessagesAsRead, markStreamAsRead, markTopicAsRead } from "../../controllers/mark-read";
import { currentUnreadEntries } from "../../stores/unread-store";
import { streamColor } from "../streams/stream-color";
import type { InboxRow } from "./inbox-rows";

/** The class of each row's main control: the arrow keys move between these. */
export const INBOX_ROW_SELECTOR = ".inbox-row-main";

type MarkAsRead = (what: string, action: (client: ApiClient) => Promise<void>) => void;

function Count({ count }: { count: number }) {
  return (
    <span className="unread-count inbox-count" aria-label={`${count} unread`}>
      {count}
    </span>
  );
}

/** The ids of a direct conversation's unread messages now, for its "mark as read". */
function unreadIdsOfDm(key: string): number[] {
  return [...currentUnreadEntries()]
    .filter(([, entry]) => entry.where.kind === "dm" && entry.where.key === key)
    .map(([id]) => id);
}

function markRow(row: InboxRow, markAsRead: MarkAsRead): void {
  switch (row.kind) {
    case "dm-folder": {
      const ids = [...currentUnreadEntries()]
        .filter(([, entry]) => entry.where.kind === "dm")
        .map(([id]) => id);
      markAsRead("your direct messages", (client) => markMessagesAsRead(client, ids));
      return;
    }
    case "dm":
      markAsRead(`the conversation with ${row.name}`, (client) =>
        markMessagesAsRead(client, unreadIdsOfDm(row.key)),
      );
      return;
    case "stream":
      markAsRead(`#${row.stream.name}`, (client) => markStreamAsRead(client, row.stream.streamId));
      return;
    case "topic":
      markAsRead(`“${row.topic}”`, (client) =>
        markTopicAsRead(client, row.stream.streamId, row.topic),
      );
  }
}

function rowLabel(row: InboxRow): string {
  switch (row.kind) {
    case "dm-folder":
      return "Direct messages";
    case "dm":
      return row.name;
    case "stream":
      return `#${row.stream.name}`;
    case "topic":
      return row.topic;
  }
}

/** A folder header (a button that collapses it) or a conversation (a link that opens it). */
function RowMain({
  row,
  onToggle,
}: {
  row: InboxRow;
  onToggle: (key: string, isCollapsed: boolean) => void;
}) {
  if (row.kind === "dm-folder" || row.kind === "stream") {
    return (
      <button
        type="button"
        className="inbox-row-main inbox-folder-toggle"
        aria-expanded={!row.isCollapsed}
        onClick={() => {
          onToggle(row.key, !row.isCollapsed);
        }}
      >
        <Icon name={row.isCollapsed ? "chevronRight" : "chevronDown"} />
        {row.kind === "stream" ? (
          <span className="inbox-swatch" aria-hidden="true" />
        ) : (
          <Icon name="mail" className="inbox-folder-icon" />
        )}
        <span className="inbox-name">{rowLabel(row)}</span>
        <Count count={row.count} />
      </button>
    );
  }
  const href =
    row.kind === "dm"
      ? narrowToHash(dmNarrow(row.userIds))
      : narrowToHash(topicNarrow(row.stream.streamId, row.stream.name, row.topic));
  return (
    <a className="inbox-row-main inbox-conversation" href={href}>
      <span className="inbox-name">{rowLabel(row)}</span>
      <Count count={row.count} />
    </a>
  );
}

/** One line of the Inbox, with its "mark as read" button. */
export function InboxRowView({
  row,
  onToggle,
  markAsRead,
}: {
  row: InboxRow;
  onToggle: (key: string, isCollapsed: boolean) => void;
  markAsRead: MarkAsRead;
}) {
  const isFolder = row.kind === "dm-folder" || row.kind === "stream";
  const color =
    row.kind === "stream" || row.kind === "topic" ? streamColor(row.stream.color) : undefined;
  // The stream's colour marks its header's swatch and its topics' edge.
  const style: (CSSProperties & Record<"--stream-color", string>) | undefined =
    color === undefined ? undefined : { "--stream-color": color };
  return (
    <li
      className={isFolder ? "inbox-row inbox-folder" : "inbox-row"}
      data-kind={row.kind}
      data-key={row.key}
      style={style}
    >
      <RowMain row={row} onToggle={onToggle} />
      <button
        type="button"
        className="icon-button inbox-mark-read"
        aria-label={`Mark ${rowLabel(row)} as read`}
        title="Mark as read"
        onClick={() => {
          markRow(row, markAsRead);
        }}
      >
        <Icon name="check" />
      </button>
    </li>
  );
}

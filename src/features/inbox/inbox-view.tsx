import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { moveRowFocus } from "../../components/row-focus";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { isTopicVisible } from "../../stores/muting";
import { useUnreadStore } from "../../stores/unread-store";
import { SidebarError } from "../sidebar/sidebar-error";
import { isMuteKey, toggleTopicMute } from "../topics/toggle-topic-mute";
import { useMarkAsRead } from "../sidebar/use-mark-as-read";
import { useUserName } from "../users/use-user-name";
import { InboxEmpty } from "./inbox-empty";
import { INBOX_ROW_SELECTOR, InboxRowView } from "./inbox-row";
import { inboxRows, type InboxRow, type InboxStream } from "./inbox-rows";
import { useCollapsedFolders } from "./use-collapsed-folders";
import "../../components/page.css";
import "../streams/pane-layout.css";
import "./inbox.css";

/** The Inbox's rows, rebuilt whenever the unread store changes (no refetch: events keep it). */
function useInboxRows(filter: string, collapsed: ReadonlySet<string>): InboxRow[] {
  const byId = useUnreadStore((state) => state.data.byId);
  // The unread data is mutated in place; its version says when it changed.
  const version = useUnreadStore((state) => state.version);
  // Muted topics, and a muted stream's topics not unmuted or followed, stay out, as in Zulip.
  const muting = useUnreadStore((state) => state.muting);
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  const userName = useUserName();
  const streams = useMemo(
    () =>
      new Map<number, InboxStream>(
        (subscriptions ?? []).map((sub) => [
          sub.stream_id,
          { streamId: sub.stream_id, name: sub.name, color: sub.color, pinned: sub.pin_to_top },
        ]),
      ),
    [subscriptions],
  );
  return useMemo(
    () =>
      version >= 0
        ? inboxRows(byId, {
            streams,
            dmName: (ids) => ids.map(userName).join(", "),
            collapsed,
            filter,
            isMuted: (streamId, topic) => !isTopicVisible(muting, streamId, topic),
          })
        : [],
    [byId, version, muting, streams, userName, collapsed, filter],
  );
}

/** The folder header a row belongs to (itself for a header). */
function folderOf(rows: readonly InboxRow[], key: string): InboxRow | undefined {
  const index = rows.findIndex((row) => row.key === key);
  for (let i = index; i >= 0; i--) {
    const row = rows[i];
    if (row?.kind === "dm-folder" || row?.kind === "stream") return row;
  }
  return undefined;
}

/**
 * Zulip's Inbox, the default home: the conversations with unread messages, direct ones first,
 * then by stream (collapsible, remembered), with counts, "mark as read", a filter, and keyboard
 * navigation (arrows or j/k move, Enter opens, Left collapses, Right expands).
 */
export function InboxView() {
  const headingId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const { collapsed, setCollapsed } = useCollapsedFolders();
  const rows = useInboxRows(filter, collapsed);
  const markAsRead = useMarkAsRead();
  const listRef = useRef<HTMLUListElement>(null);
  const hasRows = rows.length > 0;
  // The counts come with the event queue's registration: "nothing unread" only after it.
  const isLoaded = useUnreadStore((state) => state.ownUserId !== null);

  // As Zulip's Inbox: the first row has the focus on arrival (unless something else took it),
  // so the keys work at once.
  const hasFocused = useRef(false);
  useEffect(() => {
    if (!hasRows || hasFocused.current) return;
    hasFocused.current = true;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    listRef.current?.querySelector<HTMLElement>(INBOX_ROW_SELECTOR)?.focus();
  }, [hasRows]);

  const focusRow = useCallback((key: string) => {
    // After the render that shows (or hides) the folder's rows.
    requestAnimationFrame(() => {
      listRef.current
        ?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"] ${INBOX_ROW_SELECTOR}`)
        ?.focus();
    });
  }, []);

  const [muteError, setMuteError] = useState<string | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (moveRowFocus(event, INBOX_ROW_SELECTOR)) return;
    if (isMuteKey(event)) {
      // Shift+M: the focused topic row's topic, muted (it leaves the Inbox) or unmuted.
      const target = event.target instanceof Element ? event.target : null;
      if (target === null || target.closest("input") !== null) return;
      const key = target.closest<HTMLElement>("[data-key]")?.dataset["key"];
      const index = rows.findIndex((candidate) => candidate.key === key);
      const row = rows[index];
      if (row?.kind !== "topic") return;
      event.preventDefault();
      // The focus goes on to the next row, where the muted one was.
      const next = rows[index + 1] ?? rows[index - 1];
      void toggleTopicMute(row.stream.streamId, row.topic).then((problem) => {
        setMuteError(problem);
        if (problem === null && next !== undefined) focusRow(next.key);
      });
      return;
    }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const target = event.target;
    if (!(target instanceof Element) || target.closest("input") !== null) return;
    const key = target.closest<HTMLElement>("[data-key]")?.dataset["key"];
    const folder = key === undefined ? undefined : folderOf(rows, key);
    if (folder?.kind !== "dm-folder" && folder?.kind !== "stream") return;
    event.preventDefault();
    setCollapsed(folder.key, event.key === "ArrowLeft");
    focusRow(folder.key);
  };

  return (
    // The keys bubble here from the filter box and the rows.
    <section className="inbox-view pane-page" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="pane-header">
        <h1 id={headingId} className="pane-title">
          Inbox
        </h1>
      </header>
      <div className="page-toolbar pane-toolbar">
        <label htmlFor={filterId} className="visually-hidden">
          Filter conversations
        </label>
        <input
          id={filterId}
          type="search"
          className="page-filter"
          placeholder="Filter conversations"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
          }}
        />
      </div>
      {markAsRead.error !== null && (
        <SidebarError message={markAsRead.error} onDismiss={markAsRead.dismiss} />
      )}
      {muteError !== null && (
        <SidebarError
          message={muteError}
          onDismiss={() => {
            setMuteError(null);
          }}
        />
      )}
      {hasRows ? (
        <ul ref={listRef} className="inbox-list" aria-label="Unread conversations">
          {rows.map((row) => (
            <InboxRowView
              key={row.key}
              row={row}
              onToggle={setCollapsed}
              markAsRead={markAsRead.run}
            />
          ))}
        </ul>
      ) : !isLoaded ? (
        <p className="pane-state" role="status">
          Loading your unread messages…
        </p>
      ) : filter.trim() === "" ? (
        <InboxEmpty />
      ) : (
        <p className="pane-state">No unread conversation matches “{filter.trim()}”.</p>
      )}
    </section>
  );
}

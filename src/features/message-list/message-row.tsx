import { memo, useState } from "react";
import type { Message } from "../../../common/wire/message";
import { Avatar } from "../../components/avatar";
import { narrowToHash, type Narrow } from "../../lib/narrow";
import { formatDateTime, formatTimeOfDay, isoDateTime } from "../../lib/time";
import { useUiStore, uiActions, currentSelectedMessageId } from "../../stores/ui-store";
import { MessageActions, StarIndicator } from "../message-actions/message-actions";
import { MessageEditor } from "../message-actions/message-editor";
import { conversationNarrow } from "../message-actions/message-link";
import { isStarred } from "../../controllers/star";
import { MessageReactions } from "../reactions/message-reactions";
import { MessageBody } from "./message-body";
import { highlightedContent } from "../../stores/search-matches";
import { conversationLabel } from "./recipient-header";

/** "#general > lunch", or "You and Hamlet": where a message was sent, in words. */
function conversationTitle(message: Message, ownUserId: number | null): string {
  if (message.type === "private") return conversationLabel(message, ownUserId);
  const stream = typeof message.display_recipient === "string" ? message.display_recipient : "";
  return `#${stream} > ${message.subject}`;
}

/**
 * The message's time, a link to the conversation it is in (its topic, or the direct
 * conversation), named for both: "3:07 PM, go to #general > lunch".
 */
function TimeLink({
  message,
  ownUserId,
  className,
}: {
  message: Message;
  ownUserId: number | null;
  className: string;
}) {
  const twentyFourHour = useUiStore((state) => state.twentyFourHourTime);
  const time = formatTimeOfDay(message.timestamp, twentyFourHour);
  const title = conversationTitle(message, ownUserId);
  return (
    <a
      className={className}
      href={narrowToHash(conversationNarrow(message, ownUserId ?? -1))}
      aria-label={`${time}, go to ${title}`}
    >
      <time
        dateTime={isoDateTime(message.timestamp)}
        title={formatDateTime(message.timestamp, twentyFourHour)}
      >
        {time}
      </time>
    </a>
  );
}

function EditedMarker({ message }: { message: Message }) {
  const twentyFourHour = useUiStore((state) => state.twentyFourHourTime);
  if (message.last_edit_timestamp === undefined) return null;
  return (
    <span
      className="message-edited"
      title={`Edited ${formatDateTime(message.last_edit_timestamp, twentyFourHour)}`}
    >
      (edited)
    </span>
  );
}

function CollapsedBody({ messageId }: { messageId: number }) {
  return (
    <p className="message-collapsed">
      <span>Message collapsed.</span>{" "}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          uiActions.toggleCollapsed(messageId);
        }}
      >
        Expand
      </button>
    </p>
  );
}

/** A row's state in the UI store, as bits (see `MessageRowItem`). */
const SELECTED = 1;
const EDITING = 2;
const COLLAPSED = 4;

/**
 * One message row. A group's first message shows the avatar, the name and the time; the
 * following ones are compact, their time in the gutter on hover or focus, and "(edited)" in
 * the gutter always. Clicking or focusing the row selects it (the message `r`, `s`, `e` act
 * on); the selected row's article is the list's tab stop. The editor replaces the body while editing; a collapsed message shows
 * only an "Expand" button.
 *
 * The action toolbar is mounted while the row is selected and, once the row has been hovered
 * or focused, for as long as the row is mounted (so a menu, a picker or a dialog opened from it
 * stays); always when `isToolbarAlways` (touch and narrow screens show it without hover). A fast
 * scroll so mounts rows without their buttons and icons, and a row without a toolbar has no
 * positioned or translucent box: the browser paints it as plain content of the list, not as
 * paint layers of its own, which is most of what a scrolled frame cost (see BENCHMARKS.md).
 */
export const MessageRowItem = memo(function MessageRowItem({
  message,
  order,
  isGroupStart,
  narrow,
  ownUserId,
  isAdmin,
  isToolbarAlways,
}: {
  message: Message;
  order: number;
  isGroupStart: boolean;
  narrow: Narrow;
  ownUserId: number | null;
  isAdmin: boolean;
  isToolbarAlways: boolean;
}) {
  const id = message.id;
  // One subscription for the three (every mounted row has it; rows mount while scrolling).
  const flags = useUiStore(
    (state) =>
      (state.selectedMessageId === id ? SELECTED : 0) |
      (state.editingMessageId === id ? EDITING : 0) |
      (state.collapsedMessageIds.has(id) ? COLLAPSED : 0),
  );
  const isSelected = (flags & SELECTED) !== 0;
  const isEditing = (flags & EDITING) !== 0;
  const isCollapsed = (flags & COLLAPSED) !== 0;
  const [wasActive, setWasActive] = useState(false);
  const hasToolbar = isToolbarAlways || wasActive || isSelected;
  const isCompactEdited = !isGroupStart && message.last_edit_timestamp !== undefined;
  const classes = [
    "message-row",
    isGroupStart ? "message-row-start" : "message-row-compact",
    isSelected ? "message-row-selected" : "",
    hasToolbar ? "message-row-tools" : "",
  ].join(" ");
  return (
    <li
      className={classes}
      data-message-id={id}
      data-order={order}
      data-selected={isSelected ? "true" : undefined}
      onPointerEnter={
        wasActive
          ? undefined
          : () => {
              setWasActive(true);
            }
      }
      onFocus={() => {
        setWasActive(true);
        if (currentSelectedMessageId() !== id) uiActions.selectMessage(id);
      }}
    >
      <article
        className="message-card"
        aria-label={`Message from ${message.sender_full_name}`}
        tabIndex={isSelected ? 0 : -1}
      >
        <div
          className={isCompactEdited ? "message-gutter message-gutter-edited" : "message-gutter"}
        >
          {isGroupStart ? (
            <Avatar url={message.avatar_url} name={message.sender_full_name} />
          ) : (
            <>
              <TimeLink message={message} ownUserId={ownUserId} className="message-time-compact" />
              {/* In the gutter, as Zulip puts it in the left column of a row without the
                  sender's line: the toolbar covers the top right of a row. */}
              <EditedMarker message={message} />
            </>
          )}
        </div>
        <div className="message-main">
          {isGroupStart && (
            <header className="message-header">
              <span className="message-sender">{message.sender_full_name}</span>
              <TimeLink message={message} ownUserId={ownUserId} className="message-time" />
              <EditedMarker message={message} />
              <StarIndicator message={message} />
            </header>
          )}
          {!isGroupStart && isStarred(message) && (
            <span className="message-marks">
              <StarIndicator message={message} />
            </span>
          )}
          {isEditing ? (
            <MessageEditor message={message} />
          ) : isCollapsed ? (
            <CollapsedBody messageId={id} />
          ) : (
            <MessageBody html={highlightedContent(narrow, message) ?? message.content} />
          )}
          {/* Mounted only when there are reactions: most rows have none, and it reads the
              user list to name who reacted. */}
          {(message.reactions?.length ?? 0) > 0 && <MessageReactions message={message} />}
        </div>
        {hasToolbar && (
          <div className="message-toolbar-slot">
            <MessageActions message={message} narrow={narrow} isAdmin={isAdmin} />
          </div>
        )}
      </article>
    </li>
  );
});

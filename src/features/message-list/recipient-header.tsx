import { memo, type CSSProperties } from "react";
import type { Message } from "../../../common/wire/message";
import type { TopicPart } from "../../stores/search-matches";
import { Icon } from "../../components/icon";
import { formatDayLabel, isoLocalDate } from "../../lib/time";
import { TopicLinkIcons } from "../linkifiers/topic-links";
import { TopicVisibilityMenu } from "../topics/topic-visibility-menu";
import { reportActionError } from "../../stores/action-notice-store";
import {
  dmNarrow,
  dmParticipants,
  narrowToHash,
  streamNarrow,
  topicNarrow,
} from "../../lib/narrow";

/** What the header shows of a stream (from the subscriptions, when subscribed). */
export interface StreamLook {
  readonly name: string;
  /** A `#rrggbb` colour, or undefined for the default. */
  readonly color: string | undefined;
  readonly isPrivate: boolean;
}

/** Only plain hex colours reach a style: a stream colour is data, never CSS to interpret. */
function safeStreamColor(color: string | undefined): string | undefined {
  return color !== undefined && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : undefined;
}

/** "You and Hamlet, Othello" (or "You" for notes to oneself). */
export function conversationLabel(message: Message, ownUserId: number | null): string {
  const people = typeof message.display_recipient === "string" ? [] : message.display_recipient;
  const others = people.filter((person) => person.id !== ownUserId).map((p) => p.full_name);
  return others.length === 0 ? "You" : `You and ${others.join(", ")}`;
}

/**
 * A recipient header row: the stream (its colour, a lock when private) and the topic, each a
 * link to its narrow, then the topic's links (from the current linkifiers) and its mute and
 * follow menu, or the direct conversation. Sticky: it stays at the top of the list
 * while its messages scroll under it. The ghost copy stands at the top of the rendered window
 * when the window starts inside a block (its real header not rendered); it is a visual aid
 * only, hidden from assistive technology and out of the tab order.
 */
export const RecipientHeader = memo(function RecipientHeader({
  message,
  order,
  stream,
  ownUserId,
  topicParts,
  isGhost = false,
}: {
  message: Message;
  order: number;
  stream: StreamLook | undefined;
  ownUserId: number | null;
  /** In a search: the topic with the search's matches marked. */
  topicParts?: readonly TopicPart[] | undefined;
  isGhost?: boolean;
}) {
  const color = safeStreamColor(stream?.color);
  const style: (CSSProperties & Record<"--stream-color", string>) | undefined =
    color === undefined ? undefined : { "--stream-color": color };
  const tabIndex = isGhost ? -1 : undefined;
  return (
    <li
      className={isGhost ? "recipient-header recipient-ghost" : "recipient-header"}
      data-order={isGhost ? undefined : order}
      data-sticky=""
      aria-hidden={isGhost ? "true" : undefined}
      style={style}
    >
      <div className="recipient-inner">
        <div className="recipient-bar">
          {message.type === "stream" ? (
            <StreamTitle
              message={message}
              stream={stream}
              tabIndex={tabIndex}
              topicParts={topicParts}
            />
          ) : (
            <a
              className="recipient-link recipient-dm"
              href={narrowToHash(dmNarrow(dmParticipants(message, ownUserId ?? -1)))}
              tabIndex={tabIndex}
            >
              <Icon name="mail" size={14} />
              <span className="recipient-text">{conversationLabel(message, ownUserId)}</span>
            </a>
          )}
          <time className="recipient-date" dateTime={isoLocalDate(message.timestamp)}>
            {formatDayLabel(message.timestamp)}
          </time>
        </div>
      </div>
    </li>
  );
});

function TopicText({ parts }: { parts: readonly TopicPart[] }) {
  return parts.map((part, index) =>
    part.isMatch ? (
      <span key={index} className="highlight">
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}

function StreamTitle({
  message,
  stream,
  tabIndex,
  topicParts,
}: {
  message: Message;
  stream: StreamLook | undefined;
  tabIndex: number | undefined;
  topicParts: readonly TopicPart[] | undefined;
}) {
  const streamId = message.stream_id ?? 0;
  const name =
    stream?.name ??
    (typeof message.display_recipient === "string" ? message.display_recipient : "");
  return (
    <>
      <a
        className="recipient-link recipient-stream"
        href={narrowToHash(streamNarrow(streamId, name))}
        tabIndex={tabIndex}
      >
        <Icon name={stream?.isPrivate === true ? "lock" : "hash"} size={14} />
        <span className="recipient-text">{name}</span>
        {stream?.isPrivate === true && <span className="visually-hidden"> (private)</span>}
      </a>
      <Icon name="chevronRight" size={14} className="recipient-separator" />
      <a
        className="recipient-link recipient-topic"
        href={narrowToHash(topicNarrow(streamId, name, message.subject))}
        tabIndex={tabIndex}
      >
        {topicParts !== undefined ? (
          <TopicText parts={topicParts} />
        ) : message.subject === "" ? (
          "(no topic)"
        ) : (
          message.subject
        )}
      </a>
      <TopicLinkIcons message={message} tabIndex={tabIndex} />
      {tabIndex === undefined && (
        <TopicVisibilityMenu
          streamId={streamId}
          topic={message.subject}
          className="icon-button recipient-topic-menu"
          moveThrough={message.id}
          run={(failure, action) => {
            action().catch(() => {
              reportActionError(message.id, failure);
            });
          }}
        />
      )}
    </>
  );
}

/** A date separator row: the day the messages below were sent. */
export const DateSeparator = memo(function DateSeparator({
  timestamp,
  order,
}: {
  timestamp: number;
  order: number;
}) {
  return (
    <li className="date-separator" data-order={order}>
      <time className="date-separator-label" dateTime={isoLocalDate(timestamp)}>
        {formatDayLabel(timestamp)}
      </time>
    </li>
  );
});

import { memo } from "react";
import type { Message } from "../../../common/wire/message";
import { narrowToHash, topicNarrow, type Narrow } from "../../lib/narrow";
import { formatDateTime, formatMessageTime, isoDateTime } from "../../lib/time";
import { MessageBody } from "./message-body";

/**
 * One message on its own, read-only: who, when, which topic (a link that narrows to it), and
 * the body. The list renders `MessageRowItem`s; this stays for showing a single message without
 * the list (and the attack tests render it: it builds in the Node project, so it imports only
 * what that project lists).
 */
export const MessageItem = memo(function MessageItem({
  message,
  narrow,
}: {
  message: Message;
  narrow: Narrow;
}) {
  const topicHash = narrowToHash(
    "streamId" in narrow
      ? topicNarrow(message.stream_id ?? narrow.streamId, narrow.streamName, message.subject)
      : topicNarrow(
          message.stream_id ?? 0,
          typeof message.display_recipient === "string" ? message.display_recipient : "",
          message.subject,
        ),
  );
  return (
    <li className="message" data-message-id={message.id}>
      <article aria-label={`Message from ${message.sender_full_name}`}>
        <header className="message-header">
          <span className="message-sender">{message.sender_full_name}</span>
          <a className="message-topic" href={topicHash} title={`Go to topic ${message.subject}`}>
            {message.subject}
          </a>
          <time
            className="message-time"
            dateTime={isoDateTime(message.timestamp)}
            title={formatDateTime(message.timestamp)}
          >
            {formatMessageTime(message.timestamp)}
          </time>
        </header>
        <MessageBody html={message.content} />
      </article>
    </li>
  );
});

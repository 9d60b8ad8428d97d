import type { MessageSnapshot } from "../../common/wire/message";
import type { AppContext } from "../context";
import { listMessageEdits } from "../db/message-edits";
import type { UserRow } from "../db/users";
import { htmlDiff } from "../format/html-diff";
import { accessMessageRecord } from "./message-access";

/**
 * `GET /messages/{id}/history`: the message as sent, then as it was after each edit, oldest
 * first. The original snapshot has only topic, content, rendered_content, timestamp and user_id
 * (the sender); an edit's snapshot adds `prev_stream` and `stream` only if it moved the message to
 * another stream, `prev_topic` only if it changed the topic, and
 * `prev_content`, `prev_rendered_content` and `content_html_diff` only if it changed the
 * content. Built like Zulip's `fill_edit_history_entries`: walking back from the current
 * message through its recorded edits. A message the viewer may not see is "Invalid message(s)".
 */
export async function getMessageHistory(
  ctx: AppContext,
  viewer: UserRow,
  messageId: number,
): Promise<MessageSnapshot[]> {
  const message = await accessMessageRecord(ctx.db, viewer, messageId);
  const edits = await listMessageEdits(ctx.db, message.id);
  let topic = message.subject;
  let content = message.content;
  let renderedContent = message.rendered_content;
  const newestFirst: MessageSnapshot[] = [];
  for (const edit of [...edits].reverse()) {
    const snapshot: MessageSnapshot = {
      topic,
      content,
      rendered_content: renderedContent,
      timestamp: edit.edit_time,
      user_id: edit.user_id,
    };
    if (edit.prev_stream !== null && edit.stream !== null) {
      snapshot.prev_stream = edit.prev_stream;
      snapshot.stream = edit.stream;
    }
    if (edit.prev_topic !== null) {
      snapshot.prev_topic = edit.prev_topic;
      topic = edit.prev_topic;
    }
    if (edit.prev_content !== null && edit.prev_rendered_content !== null) {
      snapshot.prev_content = edit.prev_content;
      snapshot.prev_rendered_content = edit.prev_rendered_content;
      snapshot.content_html_diff = htmlDiff(edit.prev_rendered_content, renderedContent);
      content = edit.prev_content;
      renderedContent = edit.prev_rendered_content;
    }
    newestFirst.push(snapshot);
  }
  newestFirst.push({
    topic,
    content,
    rendered_content: renderedContent,
    timestamp: message.date_sent,
    user_id: message.sender_id,
  });
  return newestFirst.reverse();
}

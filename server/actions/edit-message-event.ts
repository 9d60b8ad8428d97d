import type { EventWithoutId } from "../../common/wire/events";
import type { AppContext } from "../context";
import { flagNames } from "../db/flags";
import type { ContentChange, ReceiverRow } from "../db/message-edits";
import type { MessageRecord } from "../db/messages";
import type { UserRow } from "../db/users";

/** What one committed edit changed, as its `update_message` event tells it. */
export interface MessageUpdate {
  editor: UserRow;
  /** The edited message as it was before the edit. */
  message: MessageRecord;
  content: ContentChange | undefined;
  /** The new topic of every moved message, if the topic changed. */
  topic: string | undefined;
  /** The stream the messages moved to, if they did. */
  newStreamId: number | undefined;
  propagateMode: string;
  /** `user_messages` rows of the changed messages, of users who may still read them. */
  receivers: readonly ReceiverRow[];
  editTime: number;
}

/** One user's share of an edit: the changed messages they received, and their flags on it. */
interface Receiver {
  ids: number[];
  /** Undefined when they did not receive the edited message itself. */
  flags: number | undefined;
}

/** The `update_message` event of one receiver. */
function updateEvent(update: MessageUpdate, entry: Receiver): EventWithoutId<"update_message"> {
  const { message, content, topic } = update;
  return {
    type: "update_message",
    user_id: update.editor.id,
    rendering_only: false,
    message_id: message.id,
    message_ids: entry.ids,
    flags: flagNames(entry.flags ?? 0),
    edit_timestamp: update.editTime,
    ...(message.stream_id === null
      ? {}
      : { stream_name: message.stream_name ?? "", stream_id: message.stream_id }),
    ...(content && entry.flags !== undefined
      ? {
          orig_content: content.prev,
          orig_rendered_content: content.prevRendered,
          content: content.next,
          rendered_content: content.nextRendered,
          is_me_message: content.next.startsWith("/me "),
        }
      : {}),
    ...(update.newStreamId === undefined
      ? {}
      : {
          new_stream_id: update.newStreamId,
          orig_subject: message.subject,
          propagate_mode: update.propagateMode,
        }),
    ...(topic === undefined
      ? {}
      : {
          orig_subject: message.subject,
          subject: topic,
          topic_links: [],
          propagate_mode: update.propagateMode,
        }),
  };
}

/**
 * Publishes Zulip's `update_message` to each user who received a changed message and may still
 * read it, and to no one else. Each user's `message_ids` lists only the changed messages they
 * received; `flags` are theirs for the edited message (`[]` if they did not receive it); the old
 * and new content (Markdown and HTML, whatever the queue's `apply_markdown`, as in Zulip) go only
 * to those who received the edited message. Stream messages add `stream_name` and `stream_id`;
 * topic edits add `orig_subject`, `subject`, `topic_links` and `propagate_mode`; stream moves add
 * `new_stream_id`, `orig_subject` and `propagate_mode`.
 */
export function publishMessageUpdate(ctx: AppContext, update: MessageUpdate): void {
  const perUser = new Map<number, Receiver>();
  for (const row of update.receivers) {
    const entry = perUser.get(row.user_id) ?? { ids: [], flags: undefined };
    entry.ids.push(row.message_id);
    if (row.message_id === update.message.id) entry.flags = row.flags;
    perUser.set(row.user_id, entry);
  }
  const events = new Map(
    [...perUser].map(([userId, entry]) => [userId, updateEvent(update, entry)] as const),
  );
  ctx.queues.publish(events.keys(), (queue) => events.get(queue.userId) ?? null);
}

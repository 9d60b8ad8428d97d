import type { Message } from "../../common/wire/message";
import { forgetMessage, storeMessage, type NarrowChanges } from "./message-changes";
import { refreshView, touch, type MessageData } from "./message-data";

/** A message as a `message` event or a fetch delivers it, with the receiver's flags. */
export interface ReceivedMessage {
  readonly message: Message;
  readonly flags: readonly string[];
}

/** update_message event fields the store uses (all but the ids optional). */
export interface MessageUpdate {
  message_id: number;
  message_ids: readonly number[];
  edit_timestamp?: number | undefined;
  user_id?: number | null | undefined;
  rendering_only?: boolean | undefined;
  content?: string | undefined;
  rendered_content?: string | undefined;
  is_me_message?: boolean | undefined;
  stream_id?: number | undefined;
  new_stream_id?: number | undefined;
  orig_subject?: string | undefined;
  subject?: string | undefined;
  topic_links?: readonly { text: string; url: string }[] | undefined;
  propagate_mode?: string | undefined;
  /** The receiver's flags on `message_id` after the edit (an edit can add a mention). */
  flags?: readonly string[] | undefined;
}

/** Message details of a "remove read" flags event: where each id lives. */
export interface UnreadMessageDetail {
  type: "stream" | "private";
  stream_id?: number | undefined;
  topic?: string | undefined;
  user_ids?: readonly number[] | undefined;
  mentioned?: boolean | undefined;
}

/** update_message_flags (mark all read sends `{op:"add", flag:"read", messages:[], all:true}`). */
export interface FlagChange {
  op: "add" | "remove";
  flag: string;
  messages: readonly number[];
  all?: boolean | undefined;
  /** Zulip's message_details on "remove read": where each id lives, so unreads can be restored. */
  message_details?: Readonly<Record<string, UnreadMessageDetail>> | undefined;
}

/** A `reaction` event. */
export interface ReactionChange {
  op: "add" | "remove";
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** `message` events, in id order: stored once by id, and joined to the narrows that cover them. */
export function applyReceived(
  data: MessageData,
  changes: NarrowChanges,
  received: readonly ReceivedMessage[],
  ownUserId: number,
): void {
  const sorted = [...received].sort((a, b) => a.message.id - b.message.id);
  touch(
    data,
    sorted.map((item) => item.message.id),
  );
  for (const { message, flags } of sorted) {
    storeMessage(data, changes, { ...message, flags: [...flags] }, ownUserId);
  }
}

function editedFields(update: MessageUpdate, message: Message): Partial<Message> {
  const isEdit = update.rendering_only !== true && update.edit_timestamp !== undefined;
  const fields: Partial<Message> = isEdit ? { last_edit_timestamp: update.edit_timestamp } : {};
  if (message.id === update.message_id) {
    // We fetch with apply_markdown, and events carry HTML whatever the queue's setting.
    if (update.rendered_content !== undefined) fields.content = update.rendered_content;
    if (update.is_me_message !== undefined) fields.is_me_message = update.is_me_message;
    if (update.flags !== undefined) fields.flags = [...update.flags];
  }
  if (update.subject !== undefined) fields.subject = update.subject;
  if (update.topic_links !== undefined) fields.topic_links = [...update.topic_links];
  // The new stream's name is not in the event; views name streams by id.
  if (update.new_stream_id !== undefined && message.type === "stream") {
    fields.stream_id = update.new_stream_id;
  }
  return fields;
}

/**
 * An `update_message` event. Content applies to `message_id`; a topic or stream move applies to
 * every id of `message_ids` (the server already applied `propagate_mode` to that list). Moved
 * messages leave narrows they no longer match and join those whose covered range includes them.
 */
export function applyUpdate(
  data: MessageData,
  changes: NarrowChanges,
  update: MessageUpdate,
  ownUserId: number,
): void {
  const ids = update.message_ids.length > 0 ? update.message_ids : [update.message_id];
  touch(data, ids);
  for (const id of ids) {
    const previous = data.messages.get(id);
    if (previous === undefined) continue;
    storeMessage(data, changes, { ...previous, ...editedFields(update, previous) }, ownUserId);
  }
}

/** `delete_message`: the messages leave the store and every narrow. */
export function applyDeleted(
  data: MessageData,
  changes: NarrowChanges,
  messageIds: readonly number[],
  ownUserId: number,
): void {
  // Touch even unknown ids, so a fetch in flight cannot bring them back.
  touch(data, messageIds);
  for (const id of messageIds) {
    const message = data.messages.get(id);
    if (message !== undefined) forgetMessage(data, changes, message, ownUserId);
  }
}

function withFlag(message: Message, flag: string, isSet: boolean): Message | undefined {
  const flags = message.flags ?? [];
  if (flags.includes(flag) === isSet) return undefined;
  return {
    ...message,
    flags: isSet ? [...flags, flag] : flags.filter((each) => each !== flag),
  };
}

/** `update_message_flags`, idempotently; starred and mention narrows follow the flags. */
export function applyFlags(
  data: MessageData,
  changes: NarrowChanges,
  change: FlagChange,
  ownUserId: number,
): void {
  const ids = change.all === true ? [...data.messages.keys()] : change.messages;
  touch(data, ids);
  for (const id of ids) {
    const previous = data.messages.get(id);
    const message = previous && withFlag(previous, change.flag, change.op === "add");
    if (message !== undefined) storeMessage(data, changes, message, ownUserId);
  }
}

function isSameReaction(
  reaction: { user_id: number; emoji_code: string; reaction_type: string },
  change: ReactionChange,
): boolean {
  return (
    reaction.user_id === change.user_id &&
    reaction.emoji_code === change.emoji_code &&
    reaction.reaction_type === change.reaction_type
  );
}

/** A `reaction` event, idempotently (one reaction per user, emoji code and type). */
export function applyReaction(data: MessageData, change: ReactionChange): void {
  touch(data, [change.message_id]);
  const message = data.messages.get(change.message_id);
  if (message === undefined) return;
  const reactions = message.reactions ?? [];
  const isPresent = reactions.some((reaction) => isSameReaction(reaction, change));
  if (isPresent === (change.op === "add")) return;
  const { emoji_name, emoji_code, reaction_type, user_id } = change;
  data.messages.set(change.message_id, {
    ...message,
    reactions:
      change.op === "add"
        ? [...reactions, { emoji_name, emoji_code, reaction_type, user_id }]
        : reactions.filter((reaction) => !isSameReaction(reaction, change)),
  });
}

/** A replaced event queue: events may have been missed, so no narrow is known to be current. */
export function applyQueueReplaced(data: MessageData): void {
  for (const entry of data.narrows.values()) {
    if (!entry.found_newest) continue;
    entry.found_newest = false;
    refreshView(entry);
  }
}

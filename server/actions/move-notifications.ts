import type { AppContext } from "../context";
import { topicMessageIds } from "../db/message-moves";
import type { StreamRow } from "../db/streams";
import type { UserRow } from "../db/users";
import { notificationBot } from "./notification-bot";
import { sendMessage } from "./send-message";

/** Zulip's `RESOLVED_TOPIC_PREFIX`. */
const RESOLVED_TOPIC_PREFIX = "✔ ";

/** Python's `str.lstrip(RESOLVED_TOPIC_PREFIX)`: every leading "✔" and space. */
function withoutResolvedPrefix(topic: string): string {
  return topic.replace(/^[✔ ]+/u, "");
}

/** Zulip's `topic_resolved` / `topic_unresolved` of a rename from `orig` to `next`. */
function resolveChange(orig: string, next: string): "resolved" | "unresolved" | undefined {
  const origResolved = orig.startsWith(RESOLVED_TOPIC_PREFIX);
  const nextResolved = next.startsWith(RESOLVED_TOPIC_PREFIX);
  if (nextResolved && !origResolved && withoutResolvedPrefix(next) === orig) return "resolved";
  if (origResolved && !nextResolved && withoutResolvedPrefix(orig) === next) return "unresolved";
  return undefined;
}

/** Zulip's `silent_mention_syntax_for_user`. */
function silentMention(user: UserRow): string {
  return `@_**${user.full_name}|${String(user.id)}**`;
}

/** Zulip's `get_stream_topic_link_syntax` for names without `*`, `>` or backquotes. */
function topicLink(stream: StreamRow, topic: string): string {
  return `#**${stream.name}>${topic}**`;
}

/** Zulip's `hash_util_encode`. */
function hashEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, "%2E")
    .replace(/%/g, ".");
}

/** Zulip's `stream_message_url`, relative to the organisation. */
function messageLink(stream: StreamRow, topic: string, messageId: number): string {
  const slug = hashEncode(stream.name.replace(/ /g, "-"));
  return `#narrow/stream/${String(stream.id)}-${slug}/topic/${hashEncode(topic)}/near/${String(messageId)}`;
}

async function post(
  ctx: AppContext,
  actor: UserRow,
  stream: StreamRow,
  topic: string,
  content: string,
) {
  await sendMessage(ctx, await notificationBot(ctx), {
    target: { kind: "stream", stream: stream.id, topic },
    content,
    client: "Internal",
    readBySender: true,
    queueId: undefined,
    localId: undefined,
    internal: { readFor: actor.id },
  });
}

/** The messages of a topic `user` can see: all with shared history, else those they received. */
async function visibleTopicMessages(
  ctx: AppContext,
  user: UserRow,
  stream: StreamRow,
  topic: string,
): Promise<number[]> {
  const receivedBy = stream.history_public_to_subscribers ? undefined : user.id;
  return topicMessageIds(ctx.db, stream.id, topic, receivedBy);
}

/** A committed move, as its notifications need it. */
interface CommittedMove {
  actor: UserRow;
  from: StreamRow;
  to: StreamRow;
  origTopic: string;
  newTopic: string;
  topicEdited: boolean;
  streamEdited: boolean;
  propagateMode: string;
  /** The moved messages, the edited one first if it was moved alone. */
  changedIds: readonly number[];
  editedId: number;
  notifyOld: boolean;
  notifyNew: boolean;
}

/**
 * The breadcrumbs Zulip's Notification Bot posts after a move (`do_update_message` and
 * `send_message_moved_breadcrumbs`, `zerver/actions/message_edit.py`), each read for the mover:
 * a resolve or unresolve (a rename that only adds or removes "✔ ") posts "… has marked this
 * topic as resolved." in the topic and nothing else unless the old thread is asked for; any other
 * move posts, in the new place (unless `send_notification_to_new_thread` is false), that the
 * topic, a message or N messages were moved here, and in the old place (only with
 * `send_notification_to_old_thread`) where they went. "The topic" is said when every message of
 * it the mover could see went, and, in the new place, only if none were already there.
 */
export async function sendMoveNotifications(ctx: AppContext, move: CommittedMove): Promise<void> {
  const { actor, from, to, origTopic, newTopic, changedIds } = move;
  const user = silentMention(actor);
  const resolve =
    move.topicEdited && !move.streamEdited ? resolveChange(origTopic, newTopic) : undefined;
  if (resolve !== undefined) {
    await post(ctx, actor, to, newTopic, `${user} has marked this topic as ${resolve}.`);
  }
  const count = changedIds.length;
  const movedAll =
    move.propagateMode === "change_all" ||
    (await visibleTopicMessages(ctx, actor, from, origTopic)).length === 0;
  if (move.notifyNew && (move.streamEdited || (move.topicEdited && resolve === undefined))) {
    const moved = new Set(changedIds);
    const preexisting = (await visibleTopicMessages(ctx, actor, to, newTopic)).filter(
      (id) => !moved.has(id),
    );
    const old = topicLink(from, origTopic);
    const text =
      preexisting.length === 0 && movedAll
        ? `This topic was moved here from ${old} by ${user}.`
        : count === 1
          ? `[A message](${messageLink(to, newTopic, move.editedId)}) was moved here from ${old} by ${user}.`
          : `${String(count)} messages were moved here from ${old} by ${user}.`;
    await post(ctx, actor, to, newTopic, text);
  }
  if (move.notifyOld) {
    const next = topicLink(to, newTopic);
    const text = movedAll
      ? `This topic was moved to ${next} by ${user}.`
      : count === 1
        ? `A message was moved from this topic to ${next} by ${user}.`
        : `${String(count)} messages were moved from this topic to ${next} by ${user}.`;
    await post(ctx, actor, from, origTopic, text);
  }
}

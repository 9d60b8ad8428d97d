import type { UpdateMessageEvent } from "../../common/wire/message-events";
import { narrowFromHash, narrowToHash, topicNarrow } from "../lib/narrow";

/** What `followTopicMove` reads and changes of the page's location. */
interface HashLocation {
  readonly hash: string;
  replace(url: string): void;
}

/**
 * Like Zulip's web app, a view of a topic follows the topic when the whole of it, or the rest
 * of it, is renamed or moved (resolving a topic is such a rename): the hash is replaced by the
 * new topic's, so the view shows the moved messages instead of an empty topic. A move of one
 * message leaves the view where it is.
 */
export function followTopicMove(event: UpdateMessageEvent, location: HashLocation): void {
  const moved = event.subject !== undefined || event.new_stream_id !== undefined;
  const wholeTopic =
    event.propagate_mode === "change_all" || event.propagate_mode === "change_later";
  if (!moved || !wholeTopic || event.orig_subject === undefined) return;
  const narrow = narrowFromHash(location.hash);
  if (narrow?.kind !== "topic" || narrow.streamId !== event.stream_id) return;
  if (narrow.topic.toLowerCase() !== event.orig_subject.toLowerCase()) return;
  const next = topicNarrow(
    event.new_stream_id ?? narrow.streamId,
    narrow.streamName,
    event.subject ?? narrow.topic,
  );
  location.replace(narrowToHash(next));
}

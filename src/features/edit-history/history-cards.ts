import type { MessageSnapshot } from "../../../common/wire/message";

/** One version of a message, as the history dialog shows it. */
export interface HistoryCard {
  /** "Original", then "Edit 1", "Edit 2"… */
  readonly title: string;
  /** What the person did: "Posted", "Edited" (content), "Moved" (topic or stream only). */
  readonly verb: "Posted" | "Edited" | "Moved";
  readonly userId: number | null;
  readonly timestamp: number;
  readonly isCurrent: boolean;
  /** The topic before and after this edit, when it changed the topic. */
  readonly topicChange: { readonly from: string; readonly to: string } | null;
  /** The stream before and after, when it moved the message to another stream. */
  readonly streamChange: { readonly from: number; readonly to: number } | null;
  /** The server's diff against the previous version (HTML, unsanitised), for content edits. */
  readonly diffHtml: string | null;
  /** The whole message as it was after this version (HTML, unsanitised). */
  readonly renderedContent: string;
  readonly hasContentChange: boolean;
}

function verbOf(snapshot: MessageSnapshot, isOriginal: boolean): HistoryCard["verb"] {
  if (isOriginal) return "Posted";
  return snapshot.prev_content !== undefined || snapshot.prev_rendered_content !== undefined
    ? "Edited"
    : "Moved";
}

/**
 * The cards of `GET messages/{id}/history` (oldest first): the original, then one per edit
 * with who, when, the topic or stream change and the content diff.
 */
export function historyCards(snapshots: readonly MessageSnapshot[]): HistoryCard[] {
  return snapshots.map((snapshot, index) => {
    const isOriginal = index === 0;
    const verb = verbOf(snapshot, isOriginal);
    const { prev_topic, prev_stream, stream } = snapshot;
    return {
      title: isOriginal ? "Original" : `Edit ${index}`,
      verb,
      userId: snapshot.user_id,
      timestamp: snapshot.timestamp,
      isCurrent: index === snapshots.length - 1,
      topicChange:
        !isOriginal && prev_topic !== undefined && prev_topic !== snapshot.topic
          ? { from: prev_topic, to: snapshot.topic }
          : null,
      streamChange:
        !isOriginal && prev_stream !== undefined && stream !== undefined && prev_stream !== stream
          ? { from: prev_stream, to: stream }
          : null,
      diffHtml: verb === "Edited" ? (snapshot.content_html_diff ?? null) : null,
      renderedContent: snapshot.rendered_content,
      hasContentChange: verb === "Edited",
    };
  });
}

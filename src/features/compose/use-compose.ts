import { useState } from "react";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { draftsStore, useDraft } from "../../stores/drafts-store";
import { queueMessage, type OutboxDestination } from "../../stores/outbox-store";
import { composeProblem } from "./compose-limits";

/** Where a message written in this narrow goes; undefined where one cannot write. */
export function composeTarget(narrow: Narrow): "stream" | "direct" | undefined {
  switch (narrow.kind) {
    case "stream":
    case "topic":
      return "stream";
    case "dm":
      return "direct";
    default:
      return undefined;
  }
}

function destinationFor(narrow: Narrow, topic: string): OutboxDestination | undefined {
  switch (narrow.kind) {
    case "stream":
    case "topic":
      return {
        type: "stream",
        streamId: narrow.streamId,
        streamName: narrow.streamName,
        topic: topic.trim(),
      };
    case "dm":
      return { type: "direct", userIds: narrow.userIds };
    default:
      return undefined;
  }
}

/**
 * The compose box's state. The text lives in the drafts store (so it survives a reload) and is
 * handed to the outbox on send: the message shows at once as a local echo and the box clears;
 * a send the server refuses stays in the list with retry and cancel (cancel puts it back here).
 */
export function useCompose(narrow: Narrow) {
  const key = narrowKey(narrow);
  const draft = useDraft(key);
  const [topic, setTopicState] = useState(
    () => draft?.topic ?? (narrow.kind === "topic" ? narrow.topic : ""),
  );
  const [attempted, setAttempted] = useState(false);
  const content = draft?.content ?? "";
  const needsTopic = narrow.kind === "stream";

  const setContent = (next: string) => {
    draftsStore.getState().draftChanged(key, { topic, content: next });
  };
  const setTopic = (next: string) => {
    setTopicState(next);
    if (content !== "") draftsStore.getState().draftChanged(key, { topic: next, content });
  };

  const problem = composeProblem({ needsTopic, topic, content });
  const submit = () => {
    const destination = destinationFor(narrow, topic);
    if (destination === undefined) return;
    if (problem !== null) {
      setAttempted(true);
      return;
    }
    queueMessage(destination, content);
    setAttempted(false);
    draftsStore.getState().draftCleared(key);
  };

  // An empty box is not an error until the user tries to send it; a limit is shown at once.
  const isLimitProblem = problem !== null && content.trim() !== "" && topic.trim() !== "";
  const error = attempted || isLimitProblem ? problem : null;
  return { topic, setTopic, content, setContent, submit, error, needsTopic };
}

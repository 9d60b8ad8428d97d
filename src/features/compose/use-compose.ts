import { useState } from "react";
import type { Subscription } from "../../../common/wire/streams";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { useDraft, draftsActions } from "../../stores/drafts-store";
import { queueMessage } from "../../controllers/outbox";
import { useUploads } from "../../controllers/uploads-state";
import type { OutboxDestination } from "../../stores/outbox-store";
import { limitProblems } from "./compose-limits";

/** Where a message written in this narrow goes; undefined where the user picks (all, search…). */
function composeTarget(narrow: Narrow): "stream" | "direct" | undefined {
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

/** Stream message or direct message: what the user picked where the narrow doesn't say. */
type ComposeMode = "stream" | "direct";

/** The destination the user chose in a narrow that names no conversation. */
export interface ChosenDestination {
  readonly mode: ComposeMode;
  /** As typed or picked in the Stream box; matched to a subscription by name. */
  readonly streamName: string;
  readonly recipientIds: readonly number[];
}

const NO_CHOICE: ChosenDestination = { mode: "stream", streamName: "", recipientIds: [] };
const NO_CHOICE_DIRECT: ChosenDestination = { ...NO_CHOICE, mode: "direct" };

// Kept while the page lives, so going to another narrow and back keeps the choice (the text
// itself is a draft, kept across reloads).
const chosenByNarrow = new Map<string, ChosenDestination>();

/** Forgets every destination chosen (a new session; tests). */
export function forgetChosenDestinations(): void {
  chosenByNarrow.clear();
}

/** The subscription named `name` (trimmed, any case), if any. */
export function findSubscription(
  subscriptions: readonly Subscription[],
  name: string,
): Subscription | undefined {
  const wanted = name.trim().toLowerCase();
  return subscriptions.find((subscription) => subscription.name.toLowerCase() === wanted);
}

/**
 * Where the message goes: the narrow's conversation, or what the user chose. A problem instead
 * when the choice is incomplete (no stream, an unknown stream, nobody to write to).
 */
function resolveDestination(
  narrow: Narrow,
  chosen: ChosenDestination,
  topic: string,
  subscriptions: readonly Subscription[],
): { destination: OutboxDestination } | { problem: string } {
  switch (narrow.kind) {
    case "stream":
    case "topic":
      return {
        destination: {
          type: "stream",
          streamId: narrow.streamId,
          streamName: narrow.streamName,
          topic: topic.trim(),
        },
      };
    case "dm":
      return { destination: { type: "direct", userIds: narrow.userIds } };
    default:
      break;
  }
  if (chosen.mode === "direct") {
    return chosen.recipientIds.length === 0
      ? { problem: "Add at least one recipient." }
      : { destination: { type: "direct", userIds: chosen.recipientIds } };
  }
  if (chosen.streamName.trim() === "") return { problem: "Choose a stream." };
  const stream = findSubscription(subscriptions, chosen.streamName);
  if (stream === undefined) {
    return { problem: `You are not subscribed to a stream named “${chosen.streamName.trim()}”.` };
  }
  return {
    destination: {
      type: "stream",
      streamId: stream.stream_id,
      streamName: stream.name,
      topic: topic.trim(),
    },
  };
}

/** Why the message can't be sent yet, and whether that is a broken limit (shown at once). */
function findProblem(
  content: string,
  topic: string,
  needsTopic: boolean,
  resolved: ReturnType<typeof resolveDestination>,
  isUploading: boolean,
): { text: string; isLimit: boolean } | null {
  const limit = limitProblems({ needsTopic, topic, content })[0];
  if (limit !== undefined) return { text: limit, isLimit: true };
  // Zulip's compose_validate: the placeholders would go out instead of the links.
  if (isUploading) {
    return { text: "Cannot send message while files are being uploaded.", isLimit: false };
  }
  if (content.trim() === "") return { text: "Write a message first.", isLimit: false };
  if ("problem" in resolved) return { text: resolved.problem, isLimit: false };
  if (needsTopic && topic.trim() === "") return { text: "Please enter a topic.", isLimit: false };
  return null;
}

/**
 * The compose box's state. The text (and topic) live in the drafts store, per narrow, so they
 * survive a reload; the destination chosen in a narrow without one lives for the page. On send
 * the message goes to the outbox: it shows at once as a local echo and the box clears; a send
 * the server refuses stays in the list with retry and cancel (cancel puts it back here).
 */
export function useCompose(narrow: Narrow) {
  const key = narrowKey(narrow);
  const draft = useDraft(key);
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data;
  const [localTopic, setLocalTopic] = useState(
    () => draft?.topic ?? (narrow.kind === "topic" ? narrow.topic : ""),
  );
  const [chosen, setChosenState] = useState(
    // The direct message feed's box writes direct messages until told otherwise, as Zulip's.
    () => chosenByNarrow.get(key) ?? (narrow.kind === "dms" ? NO_CHOICE_DIRECT : NO_CHOICE),
  );
  const [attempted, setAttempted] = useState(false);
  const topic = draft?.topic ?? localTopic;
  const content = draft?.content ?? "";
  const target = composeTarget(narrow) ?? chosen.mode;
  const needsTopic = target === "stream";

  const setContent = (next: string) => {
    draftsActions.draftChanged(key, { topic, content: next });
  };
  const setTopic = (next: string) => {
    setLocalTopic(next);
    if (content !== "") draftsActions.draftChanged(key, { topic: next, content });
  };
  const setChosen = (next: ChosenDestination) => {
    chosenByNarrow.set(key, next);
    setChosenState(next);
  };

  const resolved = resolveDestination(narrow, chosen, topic, subscriptions ?? []);
  const isUploading = useUploads(key).length > 0;
  const problem = findProblem(content, topic, needsTopic, resolved, isUploading);

  /** Sends when nothing is wrong, returning where the message went; else shows the problem. */
  const submit = (): OutboxDestination | null => {
    if (problem !== null || !("destination" in resolved)) {
      setAttempted(true);
      return null;
    }
    queueMessage(resolved.destination, content);
    setAttempted(false);
    draftsActions.draftCleared(key);
    return resolved.destination;
  };

  // A broken limit shows while typing; anything else once there is text or a try to send.
  const isProblemShown =
    problem !== null && (problem.isLimit || attempted || content.trim() !== "");
  return {
    composeKey: key,
    topic,
    setTopic,
    content,
    setContent,
    chosen,
    setChosen,
    target,
    needsTopic,
    submit,
    /** Where the message would go now, or null while the choice is incomplete. */
    destination: "destination" in resolved ? resolved.destination : null,
    problem,
    isProblemShown,
    subscriptions: subscriptions ?? [],
  };
}

/** What `useCompose` gives the compose box. */
export type ComposeState = ReturnType<typeof useCompose>;

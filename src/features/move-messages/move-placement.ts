import type { NarrowState } from "../../stores/message-store";

/** What the dialog moves: the topic through `messageId`, or from that message on (`isOneMessage`). */
export interface MoveTarget {
  /** The message the move is made through (a topic's newest, when moving the topic). */
  readonly messageId: number;
  readonly streamId: number;
  readonly topic: string;
  /** Opened on one message (its actions menu, `m`): which of the topic's messages is asked. */
  readonly isOneMessage: boolean;
  /** The user may move these messages to another stream, not only rename their topic. */
  readonly mayMoveStream: boolean;
  /** The topic's list in the message store when the dialog opened, if it held one. */
  readonly held?: HeldTopic | undefined;
}

/** What the default of which messages reads of a topic's list in the message store. */
type HeldTopic = Pick<NarrowState, "ids" | "found_oldest" | "found_newest">;

/** How far a move reaches from the message it is made through (Zulip's `propagate_mode`). */
export type PropagateMode = "change_one" | "change_later" | "change_all";

/**
 * Zulip's default for a move opened on one message, from where the message sits in its topic:
 * the first moves the whole topic, the last only itself, any other it and those after it.
 * `topic` is the topic's list in the message store, if held; `maxId` its newest message.
 */
export function defaultPropagateMode(
  messageId: number,
  topic: HeldTopic | undefined,
  maxId: number | undefined,
): PropagateMode {
  if (topic !== undefined && topic.ids.includes(messageId)) {
    if (topic.found_oldest && topic.ids[0] === messageId) return "change_all";
    if (topic.found_newest && topic.ids.at(-1) === messageId) return "change_one";
    return "change_later";
  }
  return maxId === messageId ? "change_one" : "change_later";
}

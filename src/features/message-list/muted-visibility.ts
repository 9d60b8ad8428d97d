import type { Message } from "../../../common/wire/message";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import type { Narrow } from "../../lib/narrow";
import type { NarrowState } from "../../stores/message-data";
import { isTopicVisible, topicPolicy, type Muting } from "../../stores/muting";

/**
 * Whether muting hides a message from a narrow's list, as in Zulip's views: the combined feed
 * (`in:home`) leaves out muted topics and muted streams but for their unmuted and followed
 * topics; a stream's view leaves out its muted topics; every other view (a topic's among them)
 * shows everything.
 */
export function isHiddenByMuting(narrow: Narrow, message: Message, muting: Muting): boolean {
  if (message.type !== "stream" || message.stream_id === undefined) return false;
  switch (narrow.kind) {
    case "all":
      return !isTopicVisible(muting, message.stream_id, message.subject);
    case "stream":
      return topicPolicy(muting, message.stream_id, message.subject) === VISIBILITY_POLICY.muted;
    default:
      return false;
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * A narrow's state with the ids muting hides left out, kept from one store change to the next:
 * the state itself while muting hides none of its messages, and the same filtered state while
 * neither the state, the muting nor the visible ids changed (an edit may move a message into a
 * muted topic, so the ids are checked again on every change of the store). The store keeps
 * every id, so unmuting shows the messages again at once, without a fetch.
 */
export class VisibleNarrow {
  private source: NarrowState | undefined;
  private muting: Muting | undefined;
  private visible: NarrowState | undefined;

  of(
    state: NarrowState | undefined,
    muting: Muting,
    lookup: (id: number) => Message | undefined,
  ): NarrowState | undefined {
    if (state === undefined) return this.remember(state, muting, state);
    const { narrow } = state;
    const ids = state.ids.filter((id) => {
      const message = lookup(id);
      return message === undefined || !isHiddenByMuting(narrow, message, muting);
    });
    if (ids.length === state.ids.length) return this.remember(state, muting, state);
    const previous = this.visible;
    if (
      state === this.source &&
      muting === this.muting &&
      previous !== undefined &&
      previous !== state &&
      sameIds(previous.ids, ids)
    ) {
      return previous;
    }
    return this.remember(state, muting, { ...state, ids });
  }

  private remember(
    source: NarrowState | undefined,
    muting: Muting,
    visible: NarrowState | undefined,
  ): NarrowState | undefined {
    this.source = source;
    this.muting = muting;
    this.visible = visible;
    return visible;
  }
}

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Message } from "../../../common/wire/message";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { MARK_READ_BATCH_SIZE } from "../../controllers/mark-read";
import { getMessage, getNarrowState } from "../../stores/message-store";
import { errorText } from "./action-errors";
import { defaultFlagDeps, type FlagActionDeps } from "./star";

/**
 * The loaded messages of a narrow, from `messageId` on (inclusive), that are read: what "mark
 * as unread from here" changes. Ids are ascending, as the narrow lists them.
 */
export function readIdsFrom(
  ids: readonly number[],
  messageId: number,
  lookup: (id: number) => Pick<Message, "flags"> | undefined,
): number[] {
  return ids.filter((id) => id >= messageId && (lookup(id)?.flags?.includes("read") ?? false));
}

interface ReadingState {
  /** The narrow (key) in which the user marked messages unread; it must not re-read them. */
  readonly pausedNarrowKey: string | null;
}

const readingStore = createStore<ReadingState>()(() => ({ pausedNarrowKey: null }));

/**
 * Whether mark-as-read-on-scroll should hold off in this narrow: the user just marked messages
 * here unread, and reading them again at once would undo it (Zulip's web app does the same
 * until the user leaves the view). The message list calls `resumeReading` when it closes.
 */
export function isReadingPaused(narrow: Narrow): boolean {
  return readingStore.getState().pausedNarrowKey === narrowKey(narrow);
}

/** React form of `isReadingPaused`. */
export function useIsReadingPaused(narrow: Narrow): boolean {
  const key = narrowKey(narrow);
  return useStore(readingStore, (state) => state.pausedNarrowKey === key);
}

/** Lets mark-as-read-on-scroll work again (call when leaving the narrow). */
export function resumeReading(): void {
  readingStore.setState({ pausedNarrowKey: null });
}

/**
 * "Mark as unread from here": every loaded message of the narrow from `messageId` on that is
 * read becomes unread, in requests of at most 1000 ids. The unread counts and flags follow from
 * the server's event (which says where each message lives); meanwhile reading is paused in this
 * narrow. Errors are reported beside the message; the promise never rejects.
 */
export async function markUnreadFrom(
  narrow: Narrow,
  messageId: number,
  deps: FlagActionDeps = defaultFlagDeps(),
): Promise<void> {
  const state = deps.store.getState();
  const ids = getNarrowState(state, narrow)?.ids ?? [messageId];
  const messages = readIdsFrom(ids, messageId, (id) => getMessage(state, id));
  if (messages.length === 0) return;
  readingStore.setState({ pausedNarrowKey: narrowKey(narrow) });
  try {
    for (let start = 0; start < messages.length; start += MARK_READ_BATCH_SIZE) {
      const batch = messages.slice(start, start + MARK_READ_BATCH_SIZE);
      await deps.updateFlags(deps.client, { messages: batch, op: "remove", flag: "read" });
    }
  } catch (error) {
    deps.report(messageId, `Could not mark as unread: ${errorText(error)}`);
  }
}

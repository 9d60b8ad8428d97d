import type { Message } from "../../common/wire/message";
import { errorText } from "../lib/error-text";
import type { Narrow } from "../lib/narrow";
import { MARK_READ_BATCH_SIZE } from "./mark-read";
import { getMessage, getNarrowState } from "../stores/message-store";
import { pauseReading } from "../stores/reading-store";
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
  pauseReading(narrow);
  try {
    for (let start = 0; start < messages.length; start += MARK_READ_BATCH_SIZE) {
      const batch = messages.slice(start, start + MARK_READ_BATCH_SIZE);
      await deps.updateFlags(deps.client, { messages: batch, op: "remove", flag: "read" });
    }
  } catch (error) {
    deps.report(messageId, `Could not mark as unread: ${errorText(error)}`);
  }
}

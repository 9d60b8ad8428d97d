import type { StoreApi } from "zustand/vanilla";
import type { ApiClient } from "../api/client";
import { updateMessageFlags } from "../api/message-flags";
import type { Message } from "../../common/wire/message";
import { getMessage, messageStore, type MessageStoreState } from "../stores/message-store";
import { sessionStore } from "../stores/session-store";
import { reportActionError } from "../stores/action-notice-store";
import { errorText } from "../lib/error-text";

/** What starring uses; injectable for tests. */
export interface FlagActionDeps {
  readonly store: StoreApi<MessageStoreState>;
  readonly client: ApiClient;
  readonly updateFlags: typeof updateMessageFlags;
  readonly report: (messageId: number, text: string) => void;
}

/** The app's store, client and error report. */
export function defaultFlagDeps(): FlagActionDeps {
  return {
    store: messageStore,
    client: sessionStore.getState().client,
    updateFlags: updateMessageFlags,
    report: reportActionError,
  };
}

/** Whether the message carries the `starred` flag. */
export function isStarred(message: Pick<Message, "flags">): boolean {
  return message.flags?.includes("starred") ?? false;
}

/**
 * Stars or unstars at once in the message store (so the star and the Starred view follow
 * without waiting), then asks the server. If the server refuses, the flag goes back and the
 * error is reported beside the message. The server's own event later confirms the change
 * (flag changes are idempotent, so it changes nothing more).
 */
export async function setStarred(
  messageId: number,
  starred: boolean,
  deps: FlagActionDeps = defaultFlagDeps(),
): Promise<void> {
  const op = starred ? "add" : "remove";
  deps.store.getState().flagsChanged({ op, flag: "starred", messages: [messageId] });
  try {
    await deps.updateFlags(deps.client, { messages: [messageId], op, flag: "starred" });
  } catch (error) {
    deps.store.getState().flagsChanged({
      op: starred ? "remove" : "add",
      flag: "starred",
      messages: [messageId],
    });
    deps.report(
      messageId,
      `Could not ${starred ? "star" : "unstar"} the message: ${errorText(error)}`,
    );
  }
}

/**
 * Flips the message's star (optimistically; rolled back with an error shown if the server
 * refuses). Reads the current flag from the store, so a stale `message` prop cannot undo a
 * change made meanwhile.
 */
export function toggleStar(message: Message): void {
  const current = getMessage(messageStore.getState(), message.id) ?? message;
  void setStarred(message.id, !isStarred(current));
}

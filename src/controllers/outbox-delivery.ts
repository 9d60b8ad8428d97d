import type { StoreApi } from "zustand/vanilla";
import type { OutboxEntry, OutboxState } from "../stores/outbox-store";
import type { OutboxSender } from "./outbox-sending";

/** What delivery needs of the outbox. */
export interface DeliveryParts {
  readonly store: StoreApi<OutboxState>;
  readonly isMessageKnown: (messageId: number) => boolean;
  readonly sender: Pick<OutboxSender, "resume">;
  /** Takes entries out of the outbox. */
  readonly remove: (localIds: readonly string[]) => void;
}

/** A message the event queue delivered: its id and, for our own, the `local_id` we sent. */
interface ArrivedMessage {
  readonly messageId: number;
  readonly localId: string | undefined;
}

/** The outbox's side of the event queue: what it says of our messages. */
export interface DeliveryOperations {
  /**
   * An event queue exists, so the server answers: entries not yet sent (restored ones, say) are
   * sent now, waiting ones without waiting longer (in each conversation's order).
   */
  queueRegistered(): void;
  /** Message events arrived: entries matching by local id or message id are delivered. */
  messagesArrived(arrived: readonly ArrivedMessage[]): void;
  /** The message store changed: accepted entries whose message it now holds are delivered. */
  pruneDelivered(): void;
}

/** The entries whose message arrived: by local id (our own event) or by message id. */
function arrivedEntries(
  entries: readonly OutboxEntry[],
  arrived: readonly ArrivedMessage[],
): string[] {
  const localIds = new Set(arrived.flatMap((item) => item.localId ?? []));
  const messageIds = new Set(arrived.map((item) => item.messageId));
  return entries
    .filter(
      (item) =>
        localIds.has(item.localId) || (item.messageId !== null && messageIds.has(item.messageId)),
    )
    .map((item) => item.localId);
}

/**
 * Reconciles the outbox with what the server reports: an entry leaves once its message is
 * shown (by its event or by a fetch), and a new queue lets the waiting entries go.
 */
export function deliveryOperations(parts: DeliveryParts): DeliveryOperations {
  const { store, sender } = parts;
  return {
    queueRegistered() {
      sender.resume();
    },
    messagesArrived(arrived) {
      parts.remove(arrivedEntries(store.getState().entries, arrived));
    },
    pruneDelivered() {
      const known = store
        .getState()
        .entries.filter((item) => item.messageId !== null && parts.isMessageKnown(item.messageId))
        .map((item) => item.localId);
      parts.remove(known);
    },
  };
}

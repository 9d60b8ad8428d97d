import { parseServerEvent, type ServerEvent } from "../../common/wire/events";

/** Where malformed events and recovered failures are reported; `console.warn` in the app. */
export type Warn = (message: string, detail?: unknown) => void;

/** The server event of one `type`. */
export type ServerEventOf<T extends ServerEvent["type"]> = Extract<ServerEvent, { type: T }>;

/** Events that change messages already known: applied after new messages and edits. */
export type MessageChangeEvent =
  | ServerEventOf<"delete_message">
  | ServerEventOf<"update_message_flags">
  | ServerEventOf<"reaction">;

/** One `GET /events` response, validated and sorted into the order it must be applied in. */
export interface EventBatch {
  /** The highest event id seen (skipped events count too); undefined if no id was readable. */
  readonly lastEventId: number | undefined;
  /** Valid `message` events, sorted by message id. */
  readonly messages: readonly ServerEventOf<"message">[];
  /** `update_message` events, in event order. */
  readonly updates: readonly ServerEventOf<"update_message">[];
  /** `delete_message`, `update_message_flags` and `reaction` events, in event order. */
  readonly changes: readonly MessageChangeEvent[];
  /** Everything else (subscriptions, users, emoji, …), in event order; for the query caches. */
  readonly others: readonly ServerEvent[];
}

const byEventId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * Validates each event on its own, so one malformed event is reported and skipped instead of
 * sinking the batch, and sorts the valid ones as Zulip's web app does: new messages in message-id
 * order (so lists are built in order), then edits, then deletions, flag and reaction changes
 * (which may refer to the messages just added), then the rest. Heartbeats and types we
 * don't know are dropped; every id read still advances `lastEventId`, so nothing is asked for twice.
 */
export function parseEventBatch(rawEvents: readonly unknown[], warn: Warn): EventBatch {
  let lastEventId: number | undefined;
  const seen = (id: number | undefined) => {
    if (id !== undefined) lastEventId = Math.max(lastEventId ?? -1, id);
  };
  const messages: ServerEventOf<"message">[] = [];
  const updates: ServerEventOf<"update_message">[] = [];
  const changes: MessageChangeEvent[] = [];
  const others: ServerEvent[] = [];
  for (const raw of rawEvents) {
    const parsed = parseServerEvent(raw);
    if (parsed.kind === "malformed") {
      seen(parsed.id);
      warn(
        `Skipping malformed event ${String(parsed.id ?? "without an id")}: ${parsed.error}`,
        raw,
      );
      continue;
    }
    if (parsed.kind === "unknown") {
      seen(parsed.id);
      continue;
    }
    const event = parsed.event;
    seen(event.id);
    switch (event.type) {
      case "message":
        messages.push(event);
        break;
      case "update_message":
        updates.push(event);
        break;
      case "delete_message":
      case "update_message_flags":
      case "reaction":
        changes.push(event);
        break;
      // A heartbeat carries nothing. A restart (the server came back with the queues it saved)
      // goes to the query caches, which refetch the server's settings; the page is not reloaded.
      case "heartbeat":
        break;
      default:
        others.push(event);
    }
  }
  messages.sort((a, b) => a.message.id - b.message.id);
  updates.sort(byEventId);
  changes.sort(byEventId);
  others.sort(byEventId);
  return { lastEventId, messages, updates, changes, others };
}

/** Every event of the batch, in the order it is applied. */
export function eventsInApplyOrder(batch: EventBatch): ServerEvent[] {
  return [...batch.messages, ...batch.updates, ...batch.changes, ...batch.others];
}

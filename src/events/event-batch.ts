import {
  eventEnvelopeSchema,
  heartbeatEventSchema,
  messageEventSchema,
  type MessageEvent,
} from "../api/types/events";

/** Where malformed events are reported; `console.warn` in the app. */
export type Warn = (message: string, detail?: unknown) => void;

/** One `GET /events` response, validated and put in the order it must be applied in. */
export interface EventBatch {
  /** The highest event id seen (skipped events count too); undefined if no id was readable. */
  readonly lastEventId: number | undefined;
  /** Valid `message` events, sorted by message id. */
  readonly messages: readonly MessageEvent[];
}

/**
 * Validates each event on its own against its type's schema, so one malformed event is
 * reported and skipped instead of sinking the batch. Types we don't handle yet are ignored.
 */
export function parseEventBatch(rawEvents: readonly unknown[], warn: Warn): EventBatch {
  let lastEventId: number | undefined;
  const messages: MessageEvent[] = [];
  for (const raw of rawEvents) {
    const envelope = eventEnvelopeSchema.safeParse(raw);
    if (!envelope.success) {
      warn("Skipping an event without a valid id and type", raw);
      continue;
    }
    lastEventId = Math.max(lastEventId ?? -1, envelope.data.id);
    switch (envelope.data.type) {
      case "message": {
        const parsed = messageEventSchema.safeParse(raw);
        if (parsed.success) messages.push(parsed.data);
        else warn(`Skipping malformed message event ${envelope.data.id}`, parsed.error);
        break;
      }
      case "heartbeat": {
        if (!heartbeatEventSchema.safeParse(raw).success) warn("Malformed heartbeat event", raw);
        break;
      }
      default:
        break;
    }
  }
  messages.sort((a, b) => a.message.id - b.message.id);
  return { lastEventId, messages };
}

import { z } from "zod";
import { messageSchema } from "./message";

/** A `message` event: the message (formatted per the queue's options) plus the receiver's flags. */
export const messageEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("message"),
  message: messageSchema,
  flags: z.array(z.string()),
  local_message_id: z.string().optional(),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

export const heartbeatEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("heartbeat"),
});

/**
 * The envelope every event shares. Events are validated one by one against their own schema
 * after this, so one malformed event cannot sink its batch.
 */
export const eventEnvelopeSchema = z.looseObject({ id: z.number().int(), type: z.string() });
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** `GET /events`: the events array is kept loose; each event is parsed on its own. */
export const getEventsResponseSchema = z.looseObject({
  events: z.array(z.unknown()),
  queue_id: z.string().optional(),
});

import { z } from "zod";
import type { WithoutKeys } from "./common";
import { messageSchema } from "./message";
import {
  deleteMessageEventSchema,
  reactionEventSchema,
  typingEventSchema,
  updateMessageEventSchema,
  updateMessageFlagsEventSchema,
  type DeleteMessageEvent,
  type ReactionEvent,
  type TypingEvent,
  type UpdateMessageEvent,
  type UpdateMessageFlagsEvent,
} from "./message-events";
import {
  presenceEventSchema,
  realmEmojiEventSchema,
  realmFiltersEventSchema,
  realmLinkifiersEventSchema,
  realmUserEventSchema,
  streamEventSchema,
  subscriptionEventSchema,
  userGroupEventSchema,
  type PresenceEvent,
  type RealmEmojiEvent,
  type RealmFiltersEvent,
  type RealmLinkifiersEvent,
  type RealmUserEvent,
  type StreamEvent,
  type SubscriptionEvent,
  type UserGroupEvent,
} from "./realm-events";
import {
  updateDisplaySettingsEventSchema,
  updateGlobalNotificationsEventSchema,
  userSettingsEventSchema,
  type UpdateDisplaySettingsEvent,
  type UpdateGlobalNotificationsEvent,
  type UserSettingsEvent,
} from "./settings";
import { attachmentEventSchema, type AttachmentEvent } from "./uploads";
import { userTopicEventSchema, type UserTopicEvent } from "./user-topics";

// The event types live beside their schemas; they are re-exported here so that code handling
// events imports every event type from one place.
export type {
  DeleteMessageEvent,
  PresenceEvent,
  ReactionEvent,
  RealmEmojiEvent,
  RealmFiltersEvent,
  RealmLinkifiersEvent,
  RealmUserEvent,
  StreamEvent,
  SubscriptionEvent,
  TypingEvent,
  UpdateMessageEvent,
  UpdateMessageFlagsEvent,
  UserGroupEvent,
};

/** A `message` event: the message (formatted per the queue's options) plus the receiver's flags. */
export const messageEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("message"),
  message: messageSchema,
  flags: z.array(z.string()),
  /** Only on the sender's own queue, when the send carried `queue_id` and `local_id`. */
  local_message_id: z.string().optional(),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

/** Sent when a long poll has waited ~50 s with nothing to say. */
const heartbeatEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("heartbeat"),
});
export type HeartbeatEvent = z.infer<typeof heartbeatEventSchema>;

/** The server restarted (possibly upgraded); the queue survives. */
const restartEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("restart"),
  zulip_version: z.string(),
  zulip_feature_level: z.number().int(),
  zulip_merge_base: z.string().optional(),
  server_generation: z.number().int().optional(),
});
export type RestartEvent = z.infer<typeof restartEventSchema>;

/**
 * The envelope every event shares. Events are validated one by one against their own schema
 * after this, so one malformed event cannot sink its batch.
 */
const eventEnvelopeSchema = z.looseObject({ id: z.number().int(), type: z.string() });
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** `GET /events`: the events array is kept loose; each event is parsed on its own. */
export const getEventsResponseSchema = z.looseObject({
  events: z.array(z.unknown()),
  queue_id: z.string().optional(),
});

/** Every event type the client understands. */
export type ServerEvent =
  | MessageEvent
  | UpdateMessageEvent
  | DeleteMessageEvent
  | UpdateMessageFlagsEvent
  | ReactionEvent
  | SubscriptionEvent
  | StreamEvent
  | RealmUserEvent
  | RealmEmojiEvent
  | RealmLinkifiersEvent
  | RealmFiltersEvent
  | UserGroupEvent
  | PresenceEvent
  | TypingEvent
  | UserSettingsEvent
  | UpdateDisplaySettingsEvent
  | UpdateGlobalNotificationsEvent
  | AttachmentEvent
  | UserTopicEvent
  | HeartbeatEvent
  | RestartEvent;

/**
 * An event (of `type`) as the server publishes it, before its queue gives it an `id`: one of the
 * events the client understands (the server's publishing takes only these, so an event the client's schema
 * would reject does not compile).
 */
export type EventWithoutId<T extends ServerEventType = ServerEventType> = Extract<
  WithoutKeys<ServerEvent, "id">,
  { type: T }
>;

/** The `type` of an event the client understands. */
type ServerEventType = ServerEvent["type"];

/** What `parseServerEvent` made of one raw event. */
export type ParsedEvent =
  | { kind: "event"; event: ServerEvent }
  /** A type we do not handle: skip it quietly (its id still counts as received). */
  | { kind: "unknown"; id: number; type: string }
  /** Report and skip; `id` when the event had a readable one. */
  | { kind: "malformed"; id: number | undefined; error: string };

/** One schema per type; a Map, so that a type named `constructor` finds nothing. */
const schemasByType = new Map<string, z.ZodType<ServerEvent>>([
  ["message", messageEventSchema],
  ["update_message", updateMessageEventSchema],
  ["delete_message", deleteMessageEventSchema],
  ["update_message_flags", updateMessageFlagsEventSchema],
  ["reaction", reactionEventSchema],
  ["subscription", subscriptionEventSchema],
  ["stream", streamEventSchema],
  ["realm_user", realmUserEventSchema],
  ["realm_emoji", realmEmojiEventSchema],
  ["realm_linkifiers", realmLinkifiersEventSchema],
  ["realm_filters", realmFiltersEventSchema],
  ["user_group", userGroupEventSchema],
  ["presence", presenceEventSchema],
  ["typing", typingEventSchema],
  ["user_settings", userSettingsEventSchema],
  ["update_display_settings", updateDisplaySettingsEventSchema],
  ["update_global_notifications", updateGlobalNotificationsEventSchema],
  ["attachment", attachmentEventSchema],
  ["user_topic", userTopicEventSchema],
  ["heartbeat", heartbeatEventSchema],
  ["restart", restartEventSchema],
]);

/** The event types `parseServerEvent` knows. */
export const SERVER_EVENT_TYPES: readonly string[] = [...schemasByType.keys()];

const idOnlySchema = z.looseObject({ id: z.number().int() });

/**
 * The first problem zod found, short enough for a log line: `message.id: expected number`. A
 * failed union (e.g. `delete_message`'s two forms) names the first problem of each form.
 */
function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string {
  const issue = issues[0];
  if (issue === undefined) return "invalid";
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    return issue.errors.map((branch) => describeIssues(branch, path)).join(" or ");
  }
  const where = path.map(String).join(".");
  return where === "" ? issue.message : `${where}: ${issue.message}`;
}

/**
 * Validates one raw event on its own: a known type against its schema, an unknown type as
 * `unknown`, anything else as `malformed` with a short description.
 */
export function parseServerEvent(raw: unknown): ParsedEvent {
  const envelope = eventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    const withId = idOnlySchema.safeParse(raw);
    return {
      kind: "malformed",
      id: withId.success ? withId.data.id : undefined,
      error: `event envelope: ${describeIssues(envelope.error.issues)}`,
    };
  }
  const { id, type } = envelope.data;
  const schema = schemasByType.get(type);
  if (schema === undefined) return { kind: "unknown", id, type };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { kind: "event", event: parsed.data };
  return {
    kind: "malformed",
    id,
    error: `${type} event ${id}: ${describeIssues(parsed.error.issues)}`,
  };
}

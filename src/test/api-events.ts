// Events as Parley's server publishes them (server/actions/*.ts; captured from a live queue), one
// factory per type and op. Ids and payloads may be overridden.
import type { Message } from "../../common/wire/message";
import type {
  DeleteMessageEvent,
  HeartbeatEvent,
  MessageEvent,
  PresenceEvent,
  ReactionEvent,
  RealmEmojiEvent,
  RealmFiltersEvent,
  RealmLinkifiersEvent,
  RealmUserEvent,
  RestartEvent,
  StreamEvent,
  SubscriptionEvent,
  TypingEvent,
  UpdateMessageEvent,
  UpdateMessageFlagsEvent,
  UserGroupEvent,
} from "../../common/wire/events";
import * as wire from "./api-fixtures";

/** A `message` event (typed, unlike `eg.messageEvent`). */
export function message(message: Message, flags: string[] = [], id = 0): MessageEvent {
  return { id, type: "message", message, flags };
}

/** A content edit of message 1000 by Hamlet in general. */
export function contentEdit(fields: Partial<UpdateMessageEvent> = {}): UpdateMessageEvent {
  return {
    id: 1,
    type: "update_message",
    user_id: 11,
    rendering_only: false,
    message_id: 1000,
    message_ids: [1000],
    flags: ["read"],
    edit_timestamp: 1_700_000_100,
    stream_name: "general",
    stream_id: 12,
    orig_content: "Pizza?",
    orig_rendered_content: "<p>Pizza?</p>",
    content: "Pasta?",
    rendered_content: "<p>Pasta?</p>",
    is_me_message: false,
    ...fields,
  };
}

/** A move of messages 1000 and 1001 from general > lunch to `subject` (and maybe a stream). */
export function topicMove(fields: Partial<UpdateMessageEvent> = {}): UpdateMessageEvent {
  return {
    id: 2,
    type: "update_message",
    user_id: 10,
    rendering_only: false,
    message_id: 1000,
    message_ids: [1000, 1001],
    flags: [],
    edit_timestamp: 1_700_000_200,
    stream_name: "general",
    stream_id: 12,
    orig_subject: "lunch",
    subject: "dinner",
    topic_links: [],
    propagate_mode: "change_all",
    ...fields,
  };
}

/** A bulk deletion in a stream topic, or (`where` null) of direct messages. */
export function deleteMessages(
  messageIds: number[],
  where: { stream_id: number; topic: string } | null = { stream_id: 12, topic: "lunch" },
): DeleteMessageEvent {
  if (where === null) {
    return { id: 3, type: "delete_message", message_ids: messageIds, message_type: "private" };
  }
  return {
    id: 3,
    type: "delete_message",
    message_ids: messageIds,
    message_type: "stream",
    ...where,
  };
}

export function flags(fields: Partial<UpdateMessageFlagsEvent> = {}): UpdateMessageFlagsEvent {
  return {
    id: 4,
    type: "update_message_flags",
    op: "add",
    operation: "add",
    flag: "starred",
    messages: [1000],
    all: false,
    ...fields,
  };
}

export function reaction(op: "add" | "remove" = "add"): ReactionEvent {
  return {
    id: 5,
    type: "reaction",
    op,
    message_id: 1000,
    user_id: 11,
    user: { user_id: 11, email: "hamlet@parley.test", full_name: "King Hamlet" },
    emoji_name: "smile",
    emoji_code: "1f642",
    reaction_type: "unicode_emoji",
  };
}

export function subscriptionAdd(...subscriptions: ReturnType<typeof wire.subscription>[]) {
  return { id: 6, type: "subscription", op: "add", subscriptions } satisfies SubscriptionEvent;
}

export function subscriptionRemove(streamId: number, name: string) {
  return {
    id: 7,
    type: "subscription",
    op: "remove",
    subscriptions: [{ stream_id: streamId, name }],
  } satisfies SubscriptionEvent;
}

export function subscriptionUpdate(
  streamId: number,
  property: string,
  value: string | number | boolean | null,
) {
  return {
    id: 8,
    type: "subscription",
    op: "update",
    stream_id: streamId,
    property,
    value,
  } satisfies SubscriptionEvent;
}

export function peers(op: "peer_add" | "peer_remove", streamIds: number[], userIds: number[]) {
  return {
    id: 9,
    type: "subscription",
    op,
    stream_ids: streamIds,
    user_ids: userIds,
  } satisfies SubscriptionEvent;
}

export function streamCreate(...streams: ReturnType<typeof wire.stream>[]) {
  return { id: 10, type: "stream", op: "create", streams } satisfies StreamEvent;
}

export function streamDelete(...streams: ReturnType<typeof wire.stream>[]) {
  return { id: 11, type: "stream", op: "delete", streams } satisfies StreamEvent;
}

export function streamUpdate(fields: Partial<Extract<StreamEvent, { op: "update" }>> = {}) {
  return {
    id: 12,
    type: "stream",
    op: "update",
    stream_id: 12,
    name: "general",
    property: "description",
    value: "Everyone, really",
    rendered_description: "<p>Everyone, really</p>",
    ...fields,
  } satisfies StreamEvent;
}

export function realmUserAdd(person = wire.user({ user_id: 20, email: "new@parley.test" })) {
  return { id: 13, type: "realm_user", op: "add", person } satisfies RealmUserEvent;
}

export function realmUserUpdate(person: Extract<RealmUserEvent, { op: "update" }>["person"]) {
  return { id: 14, type: "realm_user", op: "update", person } satisfies RealmUserEvent;
}

export function realmUserRemove(userId: number) {
  return {
    id: 15,
    type: "realm_user",
    op: "remove",
    person: { user_id: userId, full_name: "Gone" },
  } satisfies RealmUserEvent;
}

export function realmEmoji(...emoji: ReturnType<typeof wire.realmEmoji>[]): RealmEmojiEvent {
  return {
    id: 16,
    type: "realm_emoji",
    op: "update",
    realm_emoji: Object.fromEntries(emoji.map((e) => [e.id, e])),
  };
}

export function realmLinkifiers(...linkifiers: ReturnType<typeof wire.linkifier>[]) {
  return {
    id: 17,
    type: "realm_linkifiers",
    realm_linkifiers: linkifiers,
  } satisfies RealmLinkifiersEvent;
}

export function realmFilters(): RealmFiltersEvent {
  return {
    id: 18,
    type: "realm_filters",
    realm_filters: [["zulip#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/%(id)s", 1]],
  };
}

export function userGroupAdd(group = wire.userGroup()) {
  return { id: 19, type: "user_group", op: "add", group } satisfies UserGroupEvent;
}

export function presence(fields: Partial<PresenceEvent> = {}): PresenceEvent {
  return {
    id: 20,
    type: "presence",
    user_id: 11,
    email: "hamlet@parley.test",
    server_timestamp: 1_700_000_300.25,
    presence: {
      website: { client: "website", status: "active", timestamp: 1_700_000_300, pushable: false },
    },
    ...fields,
  };
}

export function typingDirect(op: "start" | "stop" = "start"): TypingEvent {
  return {
    id: 21,
    type: "typing",
    op,
    message_type: "direct",
    sender: { user_id: 11, email: "hamlet@parley.test" },
    recipients: [
      { user_id: 10, email: "iago@parley.test" },
      { user_id: 11, email: "hamlet@parley.test" },
    ],
  };
}

export function typingStream(op: "start" | "stop" = "start"): TypingEvent {
  return {
    id: 22,
    type: "typing",
    op,
    message_type: "stream",
    sender: { user_id: 11, email: "hamlet@parley.test" },
    stream_id: 12,
    topic: "lunch",
  };
}

export function heartbeat(id = 23): HeartbeatEvent {
  return { id, type: "heartbeat" };
}

export function restart(): RestartEvent {
  return {
    id: 24,
    type: "restart",
    zulip_version: "9.0-parley",
    zulip_merge_base: "9.0-parley",
    zulip_feature_level: 247,
    server_generation: 1_700_000_000,
  };
}

// The example-data factory (`import * as eg from "../test/example-data"`): realistic wire
// objects with sensible defaults, overridable field by field.
import type { Message } from "../../common/wire/message";
import type { RegisterResponse } from "../../common/wire/register";
import type { GetMessagesResponse } from "../../common/wire/responses";
import { userSettingsSchema, type UserSettings } from "../../common/wire/settings";
import type { Subscription } from "../../common/wire/streams";
import type { User } from "../../common/wire/users";

let nextMessageId = 1000;

export const general = { stream_id: 12, name: "general" } as const;

export function user(fields: Partial<User> = {}): User {
  return {
    user_id: 10,
    email: "iago@parley.test",
    full_name: "Iago",
    avatar_url: null,
    role: 200,
    is_admin: true,
    is_owner: false,
    is_guest: false,
    is_bot: false,
    ...fields,
  };
}

export const iago = user();
export const hamlet = user({
  user_id: 11,
  email: "hamlet@parley.test",
  full_name: "King Hamlet",
  role: 400,
  is_admin: false,
});

export function streamMessage(fields: Partial<Message> = {}): Message {
  const id = fields.id ?? nextMessageId++;
  return {
    id,
    type: "stream",
    content: `<p>Message ${id}</p>`,
    content_type: "text/html",
    subject: "lunch",
    topic_links: [],
    display_recipient: general.name,
    stream_id: general.stream_id,
    recipient_id: 20,
    sender_id: hamlet.user_id,
    sender_email: hamlet.email,
    sender_full_name: hamlet.full_name,
    sender_realm_str: "parley",
    avatar_url: null,
    client: "website",
    timestamp: 1_700_000_000 + id,
    is_me_message: false,
    flags: [],
    reactions: [],
    ...fields,
  };
}

export function subscription(fields: Partial<Subscription> = {}): Subscription {
  return {
    stream_id: general.stream_id,
    name: general.name,
    description: "Everyone",
    invite_only: false,
    color: "#76ce90",
    is_muted: false,
    pin_to_top: false,
    ...fields,
  };
}

/** A user's settings: the defaults, with `fields` changed. */
export function userSettings(fields: Partial<UserSettings> = {}): UserSettings {
  return userSettingsSchema.parse({ translate_emoticons: false, ...fields });
}

export function registerResponse(fields: Partial<RegisterResponse> = {}): RegisterResponse {
  return {
    queue_id: "queue-1",
    last_event_id: -1,
    zulip_version: "9.0-parley",
    zulip_feature_level: 247,
    user_id: iago.user_id,
    email: iago.email,
    full_name: iago.full_name,
    max_message_id: 999,
    event_queue_longpoll_timeout_seconds: 90,
    subscriptions: [subscription()],
    realm_users: [iago, hamlet],
    ...fields,
  };
}

export function messagesResponse(
  messages: Message[],
  fields: Partial<GetMessagesResponse> = {},
): GetMessagesResponse {
  return {
    result: "success",
    msg: "",
    messages,
    anchor: 10_000_000_000_000_000,
    found_anchor: false,
    found_oldest: true,
    found_newest: true,
    history_limited: false,
    ...fields,
  };
}

/** A `message` event as the queue delivers it. */
export function messageEvent(id: number, message: Message, flags: string[] = []) {
  return { id, type: "message", message, flags };
}

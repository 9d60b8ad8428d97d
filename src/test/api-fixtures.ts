// Wire objects exactly as Parley's server sends them (captured from server/format/*.ts and
// server/actions/*.ts output), for binding, event and cache tests. Fields may be overridden.
import type { MessageSnapshot } from "../../common/wire/message";
import type { UserPresence } from "../../common/wire/presence";
import type { Linkifier, RealmEmoji, UserGroup } from "../../common/wire/realm";
import type { Stream, Subscription, Topic } from "../../common/wire/streams";
import type { User } from "../../common/wire/users";

/** `formatStream` of a public stream. */
export function stream(fields: Partial<Stream> = {}): Stream {
  return {
    stream_id: 12,
    name: "general",
    description: "Everyone",
    rendered_description: "<p>Everyone</p>",
    date_created: 1_700_000_000,
    invite_only: false,
    is_web_public: false,
    history_public_to_subscribers: true,
    first_message_id: 1,
    message_retention_days: null,
    stream_post_policy: 1,
    is_announcement_only: false,
    stream_weekly_traffic: null,
    can_remove_subscribers_group: 6,
    ...fields,
  };
}

/** `formatSubscription`: the stream plus the user's own settings. */
export function subscription(fields: Partial<Subscription> = {}): Subscription {
  return {
    ...stream(),
    color: "#76ce90",
    is_muted: false,
    in_home_view: true,
    pin_to_top: false,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    subscribers: [10, 11],
    ...fields,
  };
}

/** `formatUser` of a member. */
export function user(fields: Partial<User> = {}): User {
  return {
    user_id: 11,
    email: "hamlet@parley.test",
    delivery_email: null,
    full_name: "King Hamlet",
    avatar_url: "/avatar/11",
    avatar_version: 1,
    role: 400,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_billing_admin: false,
    is_bot: false,
    is_active: true,
    timezone: "Europe/Copenhagen",
    date_joined: "2024-01-01T00:00:00.000Z",
    profile_data: {},
    ...fields,
  };
}

export function topic(name: string, maxId: number): Topic {
  return { name, max_id: maxId };
}

/** `emojiDict`: Zulip's `author_id` and the spec's `author`. */
export function realmEmoji(fields: Partial<RealmEmoji> = {}): RealmEmoji {
  return {
    id: "1",
    name: "shipit",
    source_url: "/user_avatars/emoji/1.png",
    still_url: null,
    deactivated: false,
    author_id: 10,
    author: { id: 10, email: "iago@parley.test", full_name: "Iago" },
    ...fields,
  };
}

export function linkifier(fields: Partial<Linkifier> = {}): Linkifier {
  return {
    id: 1,
    pattern: "zulip#(?P<id>[0-9]+)",
    url_template: "https://github.com/zulip/zulip/issues/{id}",
    ...fields,
  };
}

export function userGroup(fields: Partial<UserGroup> = {}): UserGroup {
  return {
    id: 13,
    name: "hamletcharacters",
    description: "Characters of Hamlet",
    members: [10, 11],
    direct_subgroup_ids: [],
    is_system_group: false,
    can_mention_group: 2,
    ...fields,
  };
}

/** The legacy presence of a user active on the web app. */
export function userPresence(timestamp = 1_700_000_000, status: "active" | "idle" = "active") {
  return {
    website: { client: "website", status, timestamp, pushable: false },
    aggregated: { client: "website", status, timestamp },
  } satisfies UserPresence;
}

/** `GET /messages/{id}/history` of a message sent, then edited once (content and topic). */
export function messageHistory(): MessageSnapshot[] {
  return [
    {
      topic: "lunch",
      content: "Pizza?",
      rendered_content: "<p>Pizza?</p>",
      timestamp: 1_700_000_000,
      user_id: 11,
    },
    {
      topic: "dinner",
      prev_topic: "lunch",
      content: "Pasta?",
      rendered_content: "<p>Pasta?</p>",
      prev_content: "Pizza?",
      prev_rendered_content: "<p>Pizza?</p>",
      content_html_diff:
        '<div><p><span class="highlight_text_inserted">Pasta?</span> ' +
        '<span class="highlight_text_deleted">Pizza?</span></p></div>',
      timestamp: 1_700_000_100,
      user_id: 11,
    },
  ];
}

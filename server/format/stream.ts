import type { Stream, Subscription } from "../../common/wire/streams";
import type { StreamRow, SubscribedStreamRow } from "../db/streams";
import { renderMarkdown } from "../../common/markdown/render";

/** A stream as in `GET /streams` and `never_subscribed`. */
export function formatStream(stream: StreamRow): Stream {
  return {
    stream_id: stream.id,
    name: stream.name,
    description: stream.description,
    rendered_description: renderMarkdown(stream.description),
    date_created: stream.date_created,
    invite_only: stream.invite_only,
    is_web_public: false,
    history_public_to_subscribers: stream.history_public_to_subscribers,
    first_message_id: stream.first_message_id,
    message_retention_days: null,
    stream_post_policy: 1,
    is_announcement_only: false,
    stream_weekly_traffic: null,
    can_remove_subscribers_group: stream.can_remove_subscribers_group,
  };
}

/** A subscription: the stream plus the user's own settings for it. */
export function formatSubscription(
  stream: SubscribedStreamRow,
  subscribers: readonly number[] | undefined,
): Subscription {
  return {
    ...formatStream(stream),
    color: stream.color,
    is_muted: stream.is_muted,
    in_home_view: !stream.is_muted,
    pin_to_top: stream.pin_to_top,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    ...(subscribers ? { subscribers: [...subscribers] } : {}),
  };
}

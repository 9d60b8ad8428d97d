import type { Stream, Subscription } from "../../common/wire/streams";
import type { StreamRow, SubscribedStreamRow } from "../db/streams";
import {
  EMPTY_RENDER_CONTEXT,
  renderMarkdown,
  type RenderContext,
} from "../../common/markdown/render";

// Every register and `GET /streams` formats every stream; a description rarely changes, and its
// HTML depends on its text alone (rendered without the organisation's context), so each text is
// rendered once. Bounded: past this many, the cache starts over.
const MAX_RENDERED_DESCRIPTIONS = 2000;
const renderedDescriptions = new Map<string, string>();
/** Zulip's `render_stream_description`: no organisation context, and no inline previews. */
const DESCRIPTION_CONTEXT: RenderContext = { ...EMPTY_RENDER_CONTEXT, noPreviews: true };

function renderedDescription(description: string): string {
  let html = renderedDescriptions.get(description);
  if (html === undefined) {
    html = renderMarkdown(description, DESCRIPTION_CONTEXT);
    if (renderedDescriptions.size >= MAX_RENDERED_DESCRIPTIONS) renderedDescriptions.clear();
    renderedDescriptions.set(description, html);
  }
  return html;
}

/** A stream as in `GET /streams` and `never_subscribed`. */
export function formatStream(stream: StreamRow): Stream {
  return {
    stream_id: stream.id,
    name: stream.name,
    description: stream.description,
    rendered_description: renderedDescription(stream.description),
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
    desktop_notifications: stream.desktop_notifications,
    audible_notifications: stream.audible_notifications,
    push_notifications: stream.push_notifications,
    email_notifications: stream.email_notifications,
    wildcard_mentions_notify: stream.wildcard_mentions_notify,
    ...(subscribers ? { subscribers: [...subscribers] } : {}),
  };
}

import { z } from "zod";
import { normalizeFeatureLevelWire } from "./compat";
import { presencesSchema } from "./presence";
import { linkifierSchema, oldFilterSchema, realmEmojiMapSchema, userGroupSchema } from "./realm";
import { legacyUserSettingsShape, userSettingsSchema } from "./settings";
import { subscriptionSchema, streamSchema } from "./streams";
import { mutedTopicsSchema, userTopicSchema } from "./user-topics";
import { userSchema } from "./users";

const unreadStreamSchema = z.looseObject({
  stream_id: z.number().int(),
  topic: z.string(),
  unread_message_ids: z.array(z.number().int()),
});
const unreadDirectSchema = z.looseObject({
  other_user_id: z.number().int(),
  unread_message_ids: z.array(z.number().int()),
});
const unreadGroupSchema = z.looseObject({
  user_ids_string: z.string(),
  unread_message_ids: z.array(z.number().int()),
});

/** `unread_msgs` of `register`: unread message ids by stream/topic, conversation and group. */
export const unreadMessagesSchema = z.looseObject({
  count: z.number().int(),
  streams: z.array(unreadStreamSchema),
  pms: z.array(unreadDirectSchema),
  huddles: z.array(unreadGroupSchema),
  mentions: z.array(z.number().int()),
  old_unreads_missing: z.boolean(),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** One entry of `recent_private_conversations`: a direct conversation and its newest message. */
const recentConversationSchema = z.looseObject({
  max_message_id: z.number().int(),
  /** The other participants, ascending; `[]` for the conversation with oneself. */
  user_ids: z.array(z.number().int()),
});
export type RecentConversation = z.infer<typeof recentConversationSchema>;

/** The `realm` part of the snapshot: limits and settings the client honours. */
const realmSnapshotShape = {
  realm_name: z.string().optional(),
  realm_description: z.string().optional(),
  realm_uri: z.string().optional(),
  realm_url: z.string().optional(),
  max_topic_length: z.number().int().optional(),
  max_message_length: z.number().int().optional(),
  max_stream_name_length: z.number().int().optional(),
  max_stream_description_length: z.number().int().optional(),
  /** The largest upload the server takes, in MiB (Zulip's default 25). */
  max_file_upload_size_mib: z.number().int().optional(),
  /** Zulip 9+: the thumbnail formats the server makes of uploaded images. */
  server_thumbnail_formats: z
    .array(
      z.object({
        name: z.string(),
        max_width: z.number().int(),
        max_height: z.number().int(),
        format: z.string(),
        animated: z.boolean(),
      }),
    )
    .optional(),
  event_queue_longpoll_timeout_seconds: z.number().optional(),
  server_presence_ping_interval_seconds: z.number().optional(),
  server_presence_offline_threshold_seconds: z.number().optional(),
  server_typing_started_expiry_period_milliseconds: z.number().optional(),
  server_typing_stopped_wait_period_milliseconds: z.number().optional(),
  server_typing_started_wait_period_milliseconds: z.number().optional(),
  realm_allow_message_editing: z.boolean().optional(),
  /** Null: no limit. */
  realm_message_content_edit_limit_seconds: z.number().nullable().optional(),
  realm_move_messages_within_stream_limit_seconds: z.number().nullable().optional(),
  /** Who may move messages between streams (Zulip's policy scale: 1 members… 4 moderators). */
  realm_move_messages_between_streams_policy: z.number().int().optional(),
  realm_move_messages_between_streams_limit_seconds: z.number().nullable().optional(),
  realm_allow_edit_history: z.boolean().optional(),
};

/** The `realm_user` part: everyone, and who the caller is. */
const usersSnapshotShape = {
  user_id: z.number().int().optional(),
  email: z.string().optional(),
  delivery_email: z.string().nullable().optional(),
  full_name: z.string().optional(),
  avatar_url: z.string().nullable().optional(),
  is_admin: z.boolean().optional(),
  is_owner: z.boolean().optional(),
  is_moderator: z.boolean().optional(),
  is_guest: z.boolean().optional(),
  realm_users: z.array(userSchema).optional(),
  realm_non_active_users: z.array(userSchema).optional(),
  cross_realm_bots: z.array(userSchema).optional(),
};

/**
 * `POST /register`: the snapshot atomic with the new queue. Keys beyond `queue_id` and
 * `last_event_id` depend on `fetch_event_types`, so they are optional here.
 */
export const registerResponseSchema = z.preprocess(
  normalizeFeatureLevelWire,
  z.looseObject({
    queue_id: z.string(),
    last_event_id: z.number().int(),
    zulip_version: z.string(),
    zulip_feature_level: z.number().int(),
    zulip_merge_base: z.string().optional(),
    max_message_id: z.number().int().optional(),
    unread_msgs: unreadMessagesSchema.optional(),
    /** The user's direct conversations, newest first (Zulip sends at most 1000). */
    recent_private_conversations: z.array(recentConversationSchema).optional(),
    subscriptions: z.array(subscriptionSchema).optional(),
    unsubscribed: z.array(subscriptionSchema).optional(),
    never_subscribed: z.array(streamSchema).optional(),
    /** With `user_topic` in `fetch_event_types`. */
    user_topics: z.array(userTopicSchema).optional(),
    /** [OLD] With `muted_topics` and not `user_topic` in `fetch_event_types`. */
    muted_topics: mutedTopicsSchema.optional(),
    streams: z.array(streamSchema).optional(),
    ...usersSnapshotShape,
    ...realmSnapshotShape,
    /** `[]` unless the `linkifier_url_template` capability was sent (then see `realm_filters`). */
    realm_linkifiers: z.array(linkifierSchema).optional(),
    /** [OLD] tuples; `[]` when `realm_linkifiers` is used. */
    realm_filters: z.array(oldFilterSchema).optional(),
    realm_emoji: realmEmojiMapSchema.optional(),
    realm_user_groups: z.array(userGroupSchema).optional(),
    /** With `user_settings` in `fetch_event_types`. */
    user_settings: userSettingsSchema.optional(),
    /**
     * [OLD] The same settings at the top level, for `update_display_settings` (display settings)
     * or `update_global_notifications` (notification settings) without the
     * `user_settings_object` capability (FL < 89 clients).
     */
    ...legacyUserSettingsShape,
    presences: presencesSchema.optional(),
    server_timestamp: z.number().optional(),
  }),
);
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

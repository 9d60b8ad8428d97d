import type { WithoutKeys } from "../../common/wire/common";
import { THUMBNAIL_FORMATS } from "../thumbnails/formats";
import type { RegisterResponse } from "../../common/wire/register";
import type { AppContext } from "../context";
import {
  loadUserSettings,
  STORED_USER_SETTINGS,
  USER_SETTING_TYPES,
  type SettingGroup,
} from "../db/user-settings";
import { listUserTopics } from "../db/user-topics";
import { listStreams } from "../db/streams";
import { VISIBILITY_POLICY } from "../../common/wire/user-topics";
import { isSystemBot, listUsers, ROLE, type UserRow } from "../db/users";
import type { QueueOptions } from "../events/event-queue";
import { avatarUrl } from "../format/message";
import { formatStream } from "../format/stream";
import { getStreams, loadStreamRows } from "./get-streams";
import { subscriptionState } from "./subscription-state";
import { MESSAGE_CONTENT_EDIT_LIMIT_SECONDS, TOPIC_EDIT_LIMIT_SECONDS } from "./edit-message";
import { STREAM_MOVE_LIMIT_SECONDS } from "./move-messages";
import { formatSystemBot, formatUser } from "../format/user";
import { realmEmoji } from "./emoji";
import { linkifierState } from "./linkifiers";
import { realmPresence } from "./presence";
import { messageState } from "./register-messages";
import { INCLUDE_DEACTIVATED_GROUPS, userGroupDicts } from "./user-groups";
import { MAX_MESSAGE_BYTES, MAX_STREAM_NAME_LENGTH, MAX_TOPIC_LENGTH } from "./validate";

export const ZULIP_VERSION = "9.0-parley";
export const ZULIP_FEATURE_LEVEL = 247;

/** The snapshot of `POST /register` (the route adds the queue's `queue_id` and `last_event_id`). */
export type InitialState = WithoutKeys<RegisterResponse, "queue_id" | "last_event_id">;

/** Adds `part` to the snapshot; unlike a bare `Object.assign`, the part's fields are type-checked. */
function addState(state: Partial<InitialState>, part: Partial<InitialState>): void {
  Object.assign(state, part);
}

function wants(types: ReadonlySet<string> | null, type: string): boolean {
  return types === null || types.has(type);
}

function realmState(ctx: AppContext, realmUrl: string): Partial<InitialState> {
  return {
    realm_name: ctx.realm.name,
    realm_description: ctx.realm.description,
    realm_uri: realmUrl,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_BYTES,
    max_stream_name_length: MAX_STREAM_NAME_LENGTH,
    max_stream_description_length: 1024,
    max_file_upload_size_mib: ctx.config.maxFileUploadSizeMib,
    server_thumbnail_formats: THUMBNAIL_FORMATS.map((f) => ({ ...f })),
    event_queue_longpoll_timeout_seconds: ctx.config.longpollTimeoutSeconds,
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 200,
    server_typing_started_expiry_period_milliseconds: 45_000,
    server_typing_stopped_wait_period_milliseconds: 12_000,
    server_typing_started_wait_period_milliseconds: 30_000,
    realm_allow_message_editing: true,
    realm_message_content_edit_limit_seconds: MESSAGE_CONTENT_EDIT_LIMIT_SECONDS,
    realm_move_messages_within_stream_limit_seconds: TOPIC_EDIT_LIMIT_SECONDS,
    // Members and up (1), as Zulip 9's default; moderators and up without the time limit.
    realm_move_messages_between_streams_policy: 1,
    realm_move_messages_between_streams_limit_seconds: STREAM_MOVE_LIMIT_SECONDS,
    realm_allow_edit_history: true,
  };
}

/** What `register` asked for beyond the event types. */
export type InitialStateOptions = Pick<QueueOptions, "clientGravatar"> & {
  includeSubscribers: boolean;
  realmUrl: string;
  /** The queue's `client_capabilities` (`linkifier_url_template` picks the linkifier format). */
  capabilities?: Readonly<Record<string, boolean>>;
  /** `slim_presence`: presences keyed by user id instead of email. */
  slimPresence?: boolean;
};

/**
 * The user's own settings: the `user_settings` object when asked for, and for a client without
 * the `user_settings_object` capability, the legacy top-level fields of the groups it asks for
 * (`update_display_settings`, `update_global_notifications`), as Zulip's
 * `fetch_initial_state_data` does.
 */
async function settingsState(
  ctx: AppContext,
  user: UserRow,
  fetchTypes: ReadonlySet<string> | null,
  options: InitialStateOptions,
): Promise<Partial<InitialState>> {
  const isOldClient = options.capabilities?.["user_settings_object"] !== true;
  const legacyGroups = new Set<SettingGroup>();
  if (isOldClient && wants(fetchTypes, "update_display_settings")) legacyGroups.add("display");
  if (isOldClient && wants(fetchTypes, "update_global_notifications")) {
    legacyGroups.add("notification");
  }
  if (!wants(fetchTypes, "user_settings") && legacyGroups.size === 0) return {};
  const settings = await loadUserSettings(ctx.db, user.id);
  const legacy = Object.fromEntries(
    STORED_USER_SETTINGS.filter((name) => legacyGroups.has(USER_SETTING_TYPES[name].group)).map(
      (name) => [name, settings[name]],
    ),
  );
  return {
    ...(wants(fetchTypes, "user_settings") ? { user_settings: settings } : {}),
    ...legacy,
  };
}

/** Linkifiers, custom emoji, user groups and presence: the organisation's objects. */
async function realmObjectState(
  ctx: AppContext,
  fetchTypes: ReadonlySet<string> | null,
  options: InitialStateOptions,
): Promise<Partial<InitialState>> {
  const state: Partial<InitialState> = {};
  if (wants(fetchTypes, "realm_linkifiers") || wants(fetchTypes, "realm_filters")) {
    const linkifiers = await linkifierState(ctx.db, options.capabilities ?? {});
    if (wants(fetchTypes, "realm_linkifiers")) state.realm_linkifiers = linkifiers.realm_linkifiers;
    if (wants(fetchTypes, "realm_filters")) state.realm_filters = linkifiers.realm_filters;
  }
  if (wants(fetchTypes, "realm_emoji")) state.realm_emoji = await realmEmoji(ctx.db);
  if (wants(fetchTypes, "realm_user_groups"))
    state.realm_user_groups = await userGroupDicts(
      ctx.db,
      options.capabilities?.[INCLUDE_DEACTIVATED_GROUPS] === true,
    );
  if (wants(fetchTypes, "presence")) {
    addState(state, await realmPresence(ctx, options.slimPresence ?? false));
  }
  return state;
}

/** The organisation's people and the user's own identity. */
async function userState(
  ctx: AppContext,
  user: UserRow,
  fetchTypes: ReadonlySet<string> | null,
): Promise<Partial<InitialState>> {
  if (!wants(fetchTypes, "realm_user")) return {};
  const everyone = await listUsers(ctx.db);
  const users = everyone.filter((u) => !isSystemBot(u));
  return {
    realm_users: users.filter((u) => u.is_active).map(formatUser),
    realm_non_active_users: users.filter((u) => !u.is_active).map(formatUser),
    cross_realm_bots: everyone.filter(isSystemBot).map(formatSystemBot),
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.full_name,
    avatar_url: avatarUrl(user.id),
    is_admin: user.role <= ROLE.administrator,
    is_owner: user.role === ROLE.owner,
    is_moderator: user.role === ROLE.moderator,
    is_guest: user.role === ROLE.guest,
  };
}

/** `subscriptions` and co. and `streams`, from one read of the streams and subscriptions. */
async function streamState(
  ctx: AppContext,
  user: UserRow,
  fetchTypes: ReadonlySet<string> | null,
  options: InitialStateOptions,
): Promise<Partial<InitialState>> {
  const subscriptions = wants(fetchTypes, "subscription");
  const streams = wants(fetchTypes, "stream");
  if (!subscriptions && !streams) return {};
  const loaded = await loadStreamRows(ctx, user);
  const state: Partial<InitialState> = {};
  if (subscriptions) {
    addState(state, await subscriptionState(ctx, user, options.includeSubscribers, loaded));
  }
  if (streams) {
    const visible = await getStreams(
      ctx,
      user,
      {
        includePublic: true,
        includeSubscribed: true,
        includeAllActive: false,
        includeDefault: false,
        includeOwnerSubscribed: false,
        includeWebPublic: false,
      },
      loaded,
    );
    state.streams = visible.map(formatStream);
  }
  return state;
}

/**
 * `user_topics` (with `user_topic`), and for an older client asking for `muted_topics` without
 * `user_topic` (or for everything) the legacy `[stream name, topic, time]` of the muted ones, as
 * Zulip's `fetch_initial_state_data`.
 */
async function userTopicState(
  ctx: AppContext,
  user: UserRow,
  fetchTypes: ReadonlySet<string> | null,
): Promise<Partial<InitialState>> {
  const modern = wants(fetchTypes, "user_topic");
  const legacy = wants(fetchTypes, "muted_topics") && !(fetchTypes?.has("user_topic") ?? false);
  if (!modern && !legacy) return {};
  const topics = await listUserTopics(ctx.db, user.id);
  const state: Partial<InitialState> = {};
  if (modern) state.user_topics = topics;
  if (legacy) {
    const names = new Map((await listStreams(ctx.db)).map((stream) => [stream.id, stream.name]));
    state.muted_topics = topics.flatMap((topic) => {
      const name = names.get(topic.stream_id);
      if (topic.visibility_policy !== VISIBILITY_POLICY.muted || name === undefined) return [];
      return [[name, topic.topic_name, topic.last_updated] as [string, string, number]];
    });
  }
  return state;
}

/**
 * The initial state of `POST /register` for the event types asked for (all when null). The
 * queue is created before this snapshot is read, so an event racing the snapshot is delivered
 * rather than lost; clients apply events idempotently by id.
 */
export async function fetchInitialState(
  ctx: AppContext,
  user: UserRow,
  fetchTypes: ReadonlySet<string> | null,
  options: InitialStateOptions,
): Promise<InitialState> {
  const state: InitialState = {
    zulip_version: ZULIP_VERSION,
    zulip_feature_level: ZULIP_FEATURE_LEVEL,
    zulip_merge_base: ZULIP_VERSION,
  };
  const message = wants(fetchTypes, "message");
  // The message history's long reads run beside the organisation's short ones, one at a time
  // (each statement was always its own snapshot, the queue made before any of them): on
  // PostgreSQL at most five of the pool's connections at once, on PGlite the worker runs them
  // back to back.
  const history = messageState(ctx, user, {
    maxMessageId: message,
    unreads: message && wants(fetchTypes, "update_message_flags"),
    recentConversations: wants(fetchTypes, "recent_private_conversations"),
  });
  const organisation = (async () => {
    const streams = await streamState(ctx, user, fetchTypes, options);
    const users = await userState(ctx, user, fetchTypes);
    const settings = await settingsState(ctx, user, fetchTypes, options);
    addState(settings, await userTopicState(ctx, user, fetchTypes));
    return { streams, users, settings, objects: await realmObjectState(ctx, fetchTypes, options) };
  })();
  const [messages, parts] = await Promise.all([history, organisation]);
  addState(state, messages);
  addState(state, parts.streams);
  addState(state, parts.users);
  if (wants(fetchTypes, "realm")) addState(state, realmState(ctx, options.realmUrl));
  addState(state, parts.settings);
  addState(state, parts.objects);
  return state;
}

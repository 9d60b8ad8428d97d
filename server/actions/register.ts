import type { WithoutKeys } from "../../common/wire/common";
import type {
  RecentConversation,
  RegisterResponse,
  UnreadMessages,
} from "../../common/wire/register";
import type { AppContext } from "../context";
import { FLAG_BITS, IS_PRIVATE_FLAG } from "../db/flags";
import { queryJsonRows } from "../db/json-rows";
import { maxMessageId } from "../db/messages";
import { loadUserSettings } from "../db/user-settings";
import { isSystemBot, listUsers, ROLE, type UserRow } from "../db/users";
import type { QueueOptions } from "../events/event-queue";
import { avatarUrl } from "../format/message";
import { formatStream } from "../format/stream";
import { getStreams } from "./get-streams";
import { subscriptionState } from "./subscription-state";
import { MESSAGE_CONTENT_EDIT_LIMIT_SECONDS, TOPIC_EDIT_LIMIT_SECONDS } from "./edit-message";
import { STREAM_MOVE_LIMIT_SECONDS } from "./move-messages";
import { formatSystemBot, formatUser } from "../format/user";
import { realmEmoji } from "./emoji";
import { linkifierState } from "./linkifiers";
import { realmPresence } from "./presence";
import { userGroupDicts } from "./user-groups";
import { MAX_MESSAGE_BYTES, MAX_STREAM_NAME_LENGTH, MAX_TOPIC_LENGTH } from "./validate";

export const ZULIP_VERSION = "9.0-parley";
export const ZULIP_FEATURE_LEVEL = 247;
const MAX_UNREADS = 50_000;
/**
 * Zulip's `RECENT_CONVERSATIONS_LIMIT`: how many of the newest direct-message rows each side of
 * `recent_private_conversations`' query reads (so at most twice as many conversations).
 */
const RECENT_CONVERSATIONS_LIMIT = 1000;

/** The snapshot of `POST /register` (the route adds the queue's `queue_id` and `last_event_id`). */
export type InitialState = WithoutKeys<RegisterResponse, "queue_id" | "last_event_id">;

/** Adds `part` to the snapshot; unlike a bare `Object.assign`, the part's fields are type-checked. */
function addState(state: Partial<InitialState>, part: Partial<InitialState>): void {
  Object.assign(state, part);
}

function wants(types: ReadonlySet<string> | null, type: string): boolean {
  return types === null || types.has(type);
}

/** Unread message ids by stream and topic, conversation and group, as Zulip's `unread_msgs`. */
async function unreadMessages(ctx: AppContext, user: UserRow): Promise<UnreadMessages> {
  // One JSON text: at 1M messages a user has thousands of unreads, cheaper built than moved.
  const rows = await queryJsonRows<{
    id: number;
    stream_id: number | null;
    subject: string;
    sender_id: number;
    recipient_type: number;
    recipient_type_id: number;
    user_ids_string: string | null;
    flags: number;
  }>(
    ctx.db,
    `SELECT m.id, m.stream_id, m.subject, m.sender_id, r.type AS recipient_type,
            r.type_id AS recipient_type_id, g.user_ids_string, um.flags
       FROM user_messages um
       JOIN messages m ON m.id = um.message_id
       JOIN recipients r ON r.id = m.recipient_id
       LEFT JOIN direct_message_groups g ON r.type = 3 AND g.id = r.type_id
      WHERE um.user_id = $1 AND um.flags & ${FLAG_BITS.read} = 0
      ORDER BY um.message_id DESC LIMIT ${MAX_UNREADS + 1}`,
    [user.id],
    "q.id DESC",
  );
  const oldUnreadsMissing = rows.length > MAX_UNREADS;
  const kept = rows.slice(0, MAX_UNREADS).reverse();
  const streams = new Map<
    string,
    { stream_id: number; topic: string; unread_message_ids: number[] }
  >();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  for (const row of kept) {
    if (row.flags & (FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned)) mentions.push(row.id);
    if (row.stream_id !== null) {
      const key = `${row.stream_id}\u0000${row.subject.toLowerCase()}`;
      const entry = streams.get(key) ?? {
        stream_id: row.stream_id,
        topic: row.subject,
        unread_message_ids: [],
      };
      entry.unread_message_ids.push(row.id);
      streams.set(key, entry);
    } else if (row.recipient_type === 1) {
      const other = row.sender_id === user.id ? row.recipient_type_id : row.sender_id;
      const ids = pms.get(other) ?? [];
      ids.push(row.id); // in place: a copy per message is quadratic in a conversation's unreads
      pms.set(other, ids);
    } else {
      const key = row.user_ids_string ?? "";
      const ids = huddles.get(key) ?? [];
      ids.push(row.id);
      huddles.set(key, ids);
    }
  }
  return {
    count: kept.length,
    streams: [...streams.values()],
    pms: [...pms].map(([other, ids]) => ({
      other_user_id: other,
      sender_id: other,
      unread_message_ids: ids,
    })),
    huddles: [...huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    old_unreads_missing: oldUnreadsMissing,
  };
}

/**
 * Zulip's `get_recent_private_conversations`: the user's direct conversations (one-to-one, with
 * oneself, and groups), newest first, read as Zulip does from two bounded index ranges: the
 * user's newest direct-message rows (their `is_private` partial index) for what they sent and
 * their groups, and the newest messages to their personal recipient, grouped by sender, for
 * what they received. A conversation whose last message is older than both ranges is left out,
 * as in Zulip.
 */
async function recentPrivateConversations(
  ctx: AppContext,
  user: UserRow,
): Promise<RecentConversation[]> {
  const rows = await ctx.db.query<{
    type: number;
    type_id: number;
    user_ids_string: string | null;
    max_id: number;
  }>(
    `WITH mine AS (SELECT id FROM recipients WHERE type = 1 AND type_id = $1),
     recent AS (
       (SELECT m.recipient_id, um.message_id
          FROM user_messages um JOIN messages m ON m.id = um.message_id
         WHERE um.user_id = $1 AND um.flags & ${IS_PRIVATE_FLAG} <> 0
           AND m.recipient_id <> (SELECT id FROM mine)
         ORDER BY um.message_id DESC LIMIT ${RECENT_CONVERSATIONS_LIMIT})
       UNION ALL
       (SELECT sender.id, m.id
          FROM messages m JOIN recipients sender ON sender.type = 1 AND sender.type_id = m.sender_id
         WHERE m.recipient_id = (SELECT id FROM mine)
         ORDER BY m.id DESC LIMIT ${RECENT_CONVERSATIONS_LIMIT})
     )
     SELECT r.type, r.type_id, g.user_ids_string, max(recent.message_id) AS max_id
       FROM recent JOIN recipients r ON r.id = recent.recipient_id
       LEFT JOIN direct_message_groups g ON r.type = 3 AND g.id = r.type_id
      GROUP BY r.type, r.type_id, g.user_ids_string`,
    [user.id],
  );
  return rows
    .map((row) => {
      const participants = row.user_ids_string?.split(",").map(Number) ?? [row.type_id];
      const others = participants.filter((id) => id !== user.id).sort((a, b) => a - b);
      return { max_message_id: row.max_id, user_ids: others };
    })
    .sort((a, b) => b.max_message_id - a.max_message_id);
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
 * the `user_settings_object` capability that asks for `update_display_settings`, the legacy
 * top-level fields (Zulip's `fetch_initial_state_data`).
 */
async function settingsState(
  ctx: AppContext,
  user: UserRow,
  fetchTypes: ReadonlySet<string> | null,
  options: InitialStateOptions,
): Promise<Partial<InitialState>> {
  const legacy =
    wants(fetchTypes, "update_display_settings") &&
    options.capabilities?.["user_settings_object"] !== true;
  if (!wants(fetchTypes, "user_settings") && !legacy) return {};
  const settings = await loadUserSettings(ctx.db, user.id);
  return {
    ...(wants(fetchTypes, "user_settings") ? { user_settings: settings } : {}),
    ...(legacy ? { translate_emoticons: settings.translate_emoticons } : {}),
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
    state.realm_user_groups = await userGroupDicts(ctx.db);
  if (wants(fetchTypes, "presence")) {
    addState(state, await realmPresence(ctx, options.slimPresence ?? false));
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
  if (wants(fetchTypes, "message")) state.max_message_id = await maxMessageId(ctx.db, user.id);
  if (wants(fetchTypes, "message") && wants(fetchTypes, "update_message_flags")) {
    state.unread_msgs = await unreadMessages(ctx, user);
  }
  if (wants(fetchTypes, "recent_private_conversations")) {
    state.recent_private_conversations = await recentPrivateConversations(ctx, user);
  }
  if (wants(fetchTypes, "subscription")) {
    addState(state, await subscriptionState(ctx, user, options.includeSubscribers));
  }
  if (wants(fetchTypes, "stream")) {
    const streams = await getStreams(ctx, user, {
      includePublic: true,
      includeSubscribed: true,
      includeAllActive: false,
      includeDefault: false,
      includeOwnerSubscribed: false,
      includeWebPublic: false,
    });
    state.streams = streams.map(formatStream);
  }
  if (wants(fetchTypes, "realm_user")) {
    const everyone = await listUsers(ctx.db);
    const users = everyone.filter((u) => !isSystemBot(u));
    addState(state, {
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
    });
  }
  if (wants(fetchTypes, "realm")) addState(state, realmState(ctx, options.realmUrl));
  addState(state, await settingsState(ctx, user, fetchTypes, options));
  addState(state, await realmObjectState(ctx, fetchTypes, options));
  return state;
}

// The message history's part of `POST /register` (register.ts): `max_message_id`,
// `unread_msgs` and `recent_private_conversations`, as Zulip's `get_raw_unread_data` and
// `get_recent_private_conversations` read them.
import type {
  RecentConversation,
  RegisterResponse,
  UnreadMessages,
} from "../../common/wire/register";
import type { AppContext } from "../context";
import { FLAG_BITS, IS_PRIVATE_FLAG } from "../db/flags";
import { queryJsonRows } from "../db/json-rows";
import { maxMessageId } from "../db/messages";
import type { UserRow } from "../db/users";

/** Zulip's `MAX_UNREAD_MESSAGES`: the newest unreads kept; older ones set `old_unreads_missing`. */
const MAX_UNREADS = 50_000;
/**
 * Zulip's `RECENT_CONVERSATIONS_LIMIT`: how many of the newest direct-message rows each side of
 * `recent_private_conversations`' query reads (so at most twice as many conversations).
 */
const RECENT_CONVERSATIONS_LIMIT = 1000;

type MessageState = Pick<
  RegisterResponse,
  "max_message_id" | "unread_msgs" | "recent_private_conversations"
>;

/**
 * Unread message ids by stream and topic, conversation and group, as Zulip's `unread_msgs`;
 * like its `get_raw_unread_data`, not those of streams the user has left (leaving marks nothing
 * read: they count again on rejoining).
 */
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
        AND NOT EXISTS (SELECT 1 FROM subscriptions s
                         WHERE s.user_id = $1 AND s.stream_id = m.stream_id AND NOT s.active)
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

/** The parts of register's snapshot about the message history, by what was asked for. */
interface MessageStateWanted {
  maxMessageId: boolean;
  unreads: boolean;
  recentConversations: boolean;
}

/**
 * The message history's part of `POST /register`: the newest id, the unreads and the recent
 * direct conversations. Asked for together: on PostgreSQL each takes its own pooled connection,
 * so the two long reads (tens of ms each at 1M messages) overlap; PGlite's one session runs
 * them in turn.
 */
export async function messageState(
  ctx: AppContext,
  user: UserRow,
  wanted: MessageStateWanted,
): Promise<Partial<MessageState>> {
  const [maxId, unreads, recent] = await Promise.all([
    wanted.maxMessageId ? maxMessageId(ctx.db, user.id) : undefined,
    wanted.unreads ? unreadMessages(ctx, user) : undefined,
    wanted.recentConversations ? recentPrivateConversations(ctx, user) : undefined,
  ]);
  return {
    ...(maxId === undefined ? {} : { max_message_id: maxId }),
    ...(unreads === undefined ? {} : { unread_msgs: unreads }),
    ...(recent === undefined ? {} : { recent_private_conversations: recent }),
  };
}

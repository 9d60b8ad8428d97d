import type { AppContext } from "../context";
import { FLAG_BITS, IS_PRIVATE_FLAG } from "../db/flags";
import { MESSAGE_SELECT, isStorableId, type MessageRecord } from "../db/messages";
import { reactionsForMessages } from "../db/reactions";
import { findStreamById, findStreamByName } from "../db/streams";
import type { UserRow } from "../db/users";
import { displayRecipients } from "../format/display-recipient";
import { formatMessage } from "../format/message";
import { ApiError } from "../http/errors";
import type { NarrowTerm } from "./narrow";
import {
  searchCondition,
  searchMatches,
  searchOperand,
  searchText,
  type SearchMatch,
} from "./narrow-search";
import { canReadHistory, includesHistory, streamsCondition } from "./narrow-streams";
import { addDirectTerm, badNarrow, isList, userFromOperand, Where } from "./narrow-where";

/** Zulip's stand-in anchor for "after every message". */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;
const MAX_MESSAGES_PER_FETCH = 5000;

export type Anchor = number | "newest" | "oldest" | "first_unread";

export interface GetMessagesRequest {
  anchor: Anchor;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
  narrow: readonly NarrowTerm[];
  applyMarkdown: boolean;
}

/** A narrow being resolved: its conditions, and what its stream terms found. */
interface NarrowScope {
  readonly where: Where;
  readonly viewer: UserRow;
  /** A positive topic term is present: the stream term then drives the topic index. */
  readonly hasTopic: boolean;
  /** A positive stream term names a stream whose whole history the viewer may read. */
  readsStreamHistory: boolean;
}

async function addTerm(ctx: AppContext, scope: NarrowScope, term: NarrowTerm): Promise<void> {
  const { where, viewer } = scope;
  const { operator, operand, negated } = term;
  switch (operator) {
    case "stream":
    case "channel": {
      if (isList(operand)) throw badNarrow("stream operand must be a name or an id");
      const stream =
        typeof operand === "number"
          ? await findStreamById(ctx.db, operand)
          : await findStreamByName(ctx.db, operand);
      if (!stream) throw badNarrow("unknown stream");
      if (!negated && (await canReadHistory(ctx.db, viewer, stream))) {
        scope.readsStreamHistory = true;
      }
      // Zulip's `by_stream` compares the recipient, which (recipient_id, id) indexes in id
      // order; with a topic, the stream id reaches the (stream_id, lower(subject), id) index.
      where.add(
        scope.hasTopic && !negated
          ? `m.stream_id = ${where.param(stream.id)}`
          : `m.recipient_id = ${where.param(stream.recipient_id)}`,
        negated,
      );
      return;
    }
    case "streams":
    case "channels":
      where.add(streamsCondition(operand), negated);
      return;
    case "topic":
    case "subject":
      where.add(`lower(m.subject) = lower(${where.param(String(operand))})`, negated);
      return;
    case "sender": {
      if (isList(operand)) throw badNarrow("sender operand must be an email or an id");
      const sender = await userFromOperand(ctx, operand);
      where.add(`m.sender_id = ${where.param(sender.id)}`, negated);
      return;
    }
    case "dm":
    case "pm-with":
      await addDirectTerm(ctx, where, viewer, term);
      return;
    case "is":
      where.add(isCondition(String(operand)), negated);
      return;
    case "search":
      where.add(
        searchCondition(searchOperand(operand), (value) => where.param(value)),
        negated,
      );
      return;
    case "id": {
      // Zulip's `by_id`: `str(operand).isdigit()` or "Invalid message ID" (so `1e300` and `-1`
      // are refused); a well-formed id beyond any row's matches nothing.
      if (!/^\d+$/.test(String(operand))) throw badNarrow("Invalid message ID");
      const id = Number(operand);
      where.add(isStorableId(id) ? `m.id = ${where.param(id)}` : "FALSE", negated);
      return;
    }
    case "near":
      return;
    default:
      throw badNarrow(`unknown operator ${operator}`);
  }
}

function isCondition(operand: string): string {
  switch (operand) {
    case "starred":
      return `um.flags & ${FLAG_BITS.starred} <> 0`;
    case "unread":
      return `um.flags & ${FLAG_BITS.read} = 0`;
    case "mentioned":
    case "alerted":
      return `um.flags & ${FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned} <> 0`;
    case "dm":
    case "private":
      return `um.flags & ${IS_PRIVATE_FLAG} <> 0`;
    case "resolved":
      return "m.subject LIKE '✔ %'";
    default:
      throw badNarrow(`unknown 'is' operand ${operand}`);
  }
}

/**
 * A narrow resolved once per request: its conditions, the parameter holding the viewer's id, and
 * Zulip's `include_history` (read `messages` alone rather than the viewer's rows).
 */
interface ResolvedNarrow {
  where: Where;
  viewerParam: string;
  history: boolean;
}

/** Resolves the narrow's streams and users once, into conditions on `m` (messages) and `um`. */
async function resolveNarrow(
  ctx: AppContext,
  viewer: UserRow,
  narrow: readonly NarrowTerm[],
): Promise<ResolvedNarrow> {
  const where = new Where();
  const viewerParam = where.param(viewer.id);
  const hasTopic = narrow.some(
    (t) => !t.negated && (t.operator === "topic" || t.operator === "subject"),
  );
  const scope: NarrowScope = { where, viewer, hasTopic, readsStreamHistory: false };
  for (const term of narrow) await addTerm(ctx, scope, term);
  return { where, viewerParam, history: includesHistory(viewer, narrow, scope.readsStreamHistory) };
}

/**
 * Zulip's two query shapes (`get_base_query_for_search`): with history, `messages` alone (the
 * viewer's row joined only for its flags), driven by the message indexes; otherwise the viewer's
 * rows joined to their messages, driven by `user_messages`' per-user indexes (the flag terms'
 * partial ones among them).
 */
function fromClause(narrow: ResolvedNarrow): string {
  const join = narrow.history ? "LEFT JOIN" : "JOIN";
  return `${MESSAGE_SELECT} ${join} user_messages um ON um.message_id = m.id AND um.user_id = ${narrow.viewerParam}`;
}

/**
 * Zulip's `find_first_unread_anchor`: the oldest unread message of the narrow, always among the
 * viewer's rows (read from the unread partial index).
 */
async function firstUnreadId(ctx: AppContext, narrow: ResolvedNarrow): Promise<number> {
  const { where, viewerParam } = narrow;
  const [row] = await ctx.db.query<{ id: number }>(
    `SELECT m.id FROM messages m
       JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${viewerParam}
      WHERE ${where.sql()} AND um.flags & ${FLAG_BITS.read} = 0
      ORDER BY m.id ASC LIMIT 1`,
    where.params,
  );
  return row?.id ?? LARGER_THAN_MAX_MESSAGE_ID;
}

async function resolveAnchor(
  ctx: AppContext,
  narrow: ResolvedNarrow,
  anchor: Anchor,
): Promise<number> {
  if (anchor === "newest") return LARGER_THAN_MAX_MESSAGE_ID;
  if (anchor === "oldest") return 0;
  if (typeof anchor === "number") return Math.max(0, anchor);
  return firstUnreadId(ctx, narrow);
}

/** The messages a fetch around an anchor found, before formatting. */
interface FoundMessages {
  records: MessageRecord[];
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

/**
 * Zulip's `fetch_messages`: up to `numBefore` messages older than the anchor, the anchor itself
 * (with `includeAnchor`), and up to `numAfter` newer ones, among the messages of the narrow the
 * viewer may see, in id order. One query: the three sides are the branches of a `UNION ALL`,
 * each an index range read newest or oldest first, with one more row than asked to tell whether
 * the narrow's end was reached.
 */
export async function findNarrowMessages(
  ctx: AppContext,
  viewer: UserRow,
  request: Omit<GetMessagesRequest, "applyMarkdown">,
): Promise<FoundMessages> {
  const narrow = await resolveNarrow(ctx, viewer, request.narrow);
  const anchor = await resolveAnchor(ctx, narrow, request.anchor);
  const { where } = narrow;
  const base = `${fromClause(narrow)} WHERE ${where.sql()} AND m.id`;
  const at = `${where.param(anchor)}::bigint`;
  const sides = [
    `(${base} < ${at} ORDER BY m.id DESC LIMIT ${where.param(request.numBefore + 1)})`,
    ...(request.includeAnchor ? [`(${base} = ${at})`] : []),
    `(${base} > ${at} ORDER BY m.id ASC LIMIT ${where.param(request.numAfter + 1)})`,
  ];
  const rows = await ctx.db.query<MessageRecord>(sides.join(" UNION ALL "), where.params);
  const byId = (a: MessageRecord, b: MessageRecord) => a.id - b.id;
  const before = rows.filter((row) => row.id < anchor).sort(byId);
  const atAnchor = rows.filter((row) => row.id === anchor);
  const after = rows.filter((row) => row.id > anchor).sort(byId);
  return {
    records: [
      ...before.slice(Math.max(0, before.length - request.numBefore)),
      ...atAnchor,
      ...after.slice(0, request.numAfter),
    ],
    anchor,
    foundAnchor: atAnchor.length > 0,
    foundOldest: before.length <= request.numBefore,
    foundNewest: after.length <= request.numAfter,
  };
}

/**
 * `GET /messages`: up to `numBefore` messages older than the anchor, the anchor itself, and up to
 * `numAfter` newer ones, among the messages of the narrow the viewer may see.
 */
export async function getMessages(ctx: AppContext, viewer: UserRow, request: GetMessagesRequest) {
  if (request.numBefore + request.numAfter > MAX_MESSAGES_PER_FETCH) {
    throw new ApiError(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  const found = await findNarrowMessages(ctx, viewer, request);
  const { records } = found;
  const recipients = await displayRecipients(ctx.db, records);
  const reactions = await reactionsForMessages(
    ctx.db,
    records.map((record) => record.id),
  );
  const options = {
    applyMarkdown: request.applyMarkdown,
    realmStringId: ctx.realm.stringId,
    topicLinks: await ctx.renderContext.topicLinker(ctx.db),
  };
  const search = searchText(request.narrow);
  const matches =
    search === undefined
      ? new Map<number, SearchMatch>()
      : await searchMatches(
          ctx.db,
          records.map((record) => record.id),
          search,
        );
  return {
    messages: records.map((record) => ({
      ...formatMessage(
        record,
        recipients.get(record.id) ?? "",
        options,
        reactions.get(record.id) ?? [],
      ),
      ...matches.get(record.id),
    })),
    anchor: found.anchor,
    found_anchor: found.foundAnchor,
    found_oldest: found.foundOldest,
    found_newest: found.foundNewest,
    history_limited: false,
  };
}

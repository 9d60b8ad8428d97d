import type { AppContext } from "../context";
import { FLAG_BITS } from "../db/flags";
import {
  MESSAGE_SELECT,
  groupRecipientId,
  isStorableId,
  personalRecipientId,
  type MessageRecord,
} from "../db/messages";
import { reactionsForMessages } from "../db/reactions";
import {
  findStreamById,
  findStreamByName,
  listStreams,
  listSubscribedStreams,
} from "../db/streams";
import { findUserByEmail, findUserById, ROLE, type UserRow } from "../db/users";
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
import { includesHistory, streamsCondition } from "./narrow-streams";

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

/** Accumulates a WHERE clause and its `$n` parameters. */
class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(condition: string, negated = false): void {
    this.conditions.push(negated ? `NOT (${condition})` : `(${condition})`);
  }
  sql(): string {
    return this.conditions.length === 0 ? "true" : this.conditions.join(" AND ");
  }
}

function isList(operand: NarrowTerm["operand"]): operand is readonly (string | number)[] {
  return Array.isArray(operand);
}

function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: "BAD_NARROW", extra: { desc } });
}

/** Streams whose whole history `user` may read (not only the messages they received). */
async function fullHistoryStreamIds(ctx: AppContext, user: UserRow): Promise<number[]> {
  const ids = new Set<number>();
  if (user.role !== ROLE.guest) {
    for (const stream of await listStreams(ctx.db)) if (!stream.invite_only) ids.add(stream.id);
  }
  for (const stream of await listSubscribedStreams(ctx.db, user.id)) {
    if (stream.history_public_to_subscribers) ids.add(stream.id);
  }
  return [...ids];
}

async function userFromOperand(ctx: AppContext, operand: string | number): Promise<UserRow> {
  const user =
    typeof operand === "number"
      ? await findUserById(ctx.db, operand)
      : await findUserByEmail(ctx.db, operand.trim());
  if (!user) throw badNarrow("unknown user");
  return user;
}

async function addDirectTerm(
  ctx: AppContext,
  where: Where,
  viewer: UserRow,
  term: NarrowTerm,
): Promise<void> {
  const operands =
    typeof term.operand === "string"
      ? term.operand.split(",").filter((s) => s.trim() !== "")
      : term.operand;
  const list = isList(operands) ? operands : [operands];
  const users = await Promise.all(list.map((operand) => userFromOperand(ctx, operand)));
  const ids = [...new Set([viewer.id, ...users.map((u) => u.id)])];
  if (ids.length === 1) {
    const own = await personalRecipientId(ctx.db, viewer.id);
    where.add(
      `m.recipient_id = ${where.param(own)} AND m.sender_id = ${where.param(viewer.id)}`,
      term.negated,
    );
  } else if (ids.length === 2) {
    const other = ids.find((id) => id !== viewer.id) ?? viewer.id;
    const toOther = where.param(await personalRecipientId(ctx.db, other));
    const toViewer = where.param(await personalRecipientId(ctx.db, viewer.id));
    where.add(
      `(m.sender_id = ${where.param(viewer.id)} AND m.recipient_id = ${toOther}) OR ` +
        `(m.sender_id = ${where.param(other)} AND m.recipient_id = ${toViewer})`,
      term.negated,
    );
  } else {
    const group = await groupRecipientId(ctx.db, ids, false);
    where.add(`m.recipient_id = ${where.param(group ?? -1)}`, term.negated);
  }
}

async function addTerm(
  ctx: AppContext,
  where: Where,
  viewer: UserRow,
  term: NarrowTerm,
): Promise<void> {
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
      where.add(`m.stream_id = ${where.param(stream.id)}`, negated);
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
      return "m.stream_id IS NULL";
    case "resolved":
      return "m.subject LIKE '✔ %'";
    default:
      throw badNarrow(`unknown 'is' operand ${operand}`);
  }
}

/** Builds the WHERE clause: the narrow's terms and what the viewer may see. */
async function narrowWhere(
  ctx: AppContext,
  viewer: UserRow,
  narrow: readonly NarrowTerm[],
): Promise<Where> {
  const where = new Where();
  for (const term of narrow) await addTerm(ctx, where, viewer, term);
  if (includesHistory(viewer, narrow)) {
    where.add(
      `um.user_id IS NOT NULL OR m.stream_id = ANY(${where.param(await fullHistoryStreamIds(ctx, viewer))}::int[])`,
    );
  } else {
    where.add("um.user_id IS NOT NULL");
  }
  return where;
}

function fromClause(where: Where, viewer: UserRow): string {
  return `${MESSAGE_SELECT} LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${where.param(viewer.id)}`;
}

async function resolveAnchor(
  ctx: AppContext,
  viewer: UserRow,
  narrow: readonly NarrowTerm[],
  anchor: Anchor,
): Promise<number> {
  if (anchor === "newest") return LARGER_THAN_MAX_MESSAGE_ID;
  if (anchor === "oldest") return 0;
  if (typeof anchor === "number") return Math.max(0, anchor);
  const where = await narrowWhere(ctx, viewer, narrow);
  where.add(`um.flags & ${FLAG_BITS.read} = 0`);
  const [row] = await ctx.db.query<{ id: number | null }>(
    `SELECT min(m.id) AS id FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${where.param(viewer.id)} WHERE ${where.sql()}`,
    where.params,
  );
  return row?.id ?? LARGER_THAN_MAX_MESSAGE_ID;
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
 * viewer may see, in id order.
 */
export async function findNarrowMessages(
  ctx: AppContext,
  viewer: UserRow,
  request: Omit<GetMessagesRequest, "applyMarkdown">,
): Promise<FoundMessages> {
  const anchor = await resolveAnchor(ctx, viewer, request.narrow, request.anchor);
  const fetchSide = async (comparison: string, order: "ASC" | "DESC", limit: number) => {
    const where = await narrowWhere(ctx, viewer, request.narrow);
    const from = fromClause(where, viewer);
    where.add(`m.id ${comparison} ${where.param(anchor)}::bigint`);
    return ctx.db.query<MessageRecord>(
      `${from} WHERE ${where.sql()} ORDER BY m.id ${order} LIMIT ${where.param(limit)}`,
      where.params,
    );
  };
  const before = await fetchSide("<", "DESC", request.numBefore + 1);
  const atAnchor = request.includeAnchor ? await fetchSide("=", "ASC", 1) : [];
  const after = await fetchSide(">", "ASC", request.numAfter + 1);
  return {
    records: [
      ...before.slice(0, request.numBefore).reverse(),
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

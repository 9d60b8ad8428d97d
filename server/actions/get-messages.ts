import type { AppContext } from "../context";
import { FLAG_BITS } from "../db/flags";
import { MESSAGE_SELECT, type MessageRecord } from "../db/messages";
import { reactionsForMessages } from "../db/reactions";
import type { UserRow } from "../db/users";
import { displayRecipients } from "../format/display-recipient";
import { formatMessage } from "../format/message";
import { ApiError } from "../http/errors";
import type { NarrowTerm } from "./narrow";
import { searchMatches, searchText, type SearchMatch } from "./narrow-search";
import { searchFetchRows } from "./narrow-search-plan";
import { includesHistory } from "./narrow-streams";
import {
  addTerm,
  mutedStreamRecipients,
  mutingCondition,
  Where,
  type NarrowScope,
} from "./narrow-where";

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

/**
 * A narrow resolved once per request: its conditions, the parameter holding the viewer's id, and
 * Zulip's `include_history` (read `messages` alone rather than the viewer's rows).
 */
interface ResolvedNarrow {
  where: Where;
  viewerId: number;
  viewerParam: string;
  history: boolean;
  /** A stream term is present: muting that stream does not hide its unread messages. */
  namesStream: boolean;
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
  const kinds = { channel: false, direct: false };
  const scope: NarrowScope = { where, viewer, hasTopic, readsStreamHistory: false, kinds };
  for (const term of narrow) await addTerm(ctx, scope, term);
  return {
    where,
    viewerId: viewer.id,
    viewerParam,
    history: includesHistory(viewer, narrow, scope.readsStreamHistory),
    // Zulip's `get_channel_from_narrow_access_unchecked`: any stream term, negated or not.
    namesStream: narrow.some((t) => t.operator === "stream" || t.operator === "channel"),
  };
}

/**
 * Zulip's two query shapes (`get_base_query_for_search`): with history, `messages` alone (the
 * viewer's row joined only for its flags), driven by the message indexes; otherwise the viewer's
 * rows joined to their messages, driven by `user_messages`' per-user indexes (the flag terms'
 * partial ones among them).
 */
function viewerJoin(narrow: ResolvedNarrow): string {
  const join = narrow.history ? "LEFT JOIN" : "JOIN";
  return `${join} user_messages um ON um.message_id = m.id AND um.user_id = ${narrow.viewerParam}`;
}

/**
 * Zulip's `find_first_unread_anchor`: the oldest unread message of the narrow, always among the
 * viewer's rows (read from the unread partial index), leaving out what Zulip's
 * `exclude_muting_conditions` does: the topics the viewer muted, and in a narrow without a
 * stream term the streams the viewer muted, but for their unmuted and followed topics.
 */
async function firstUnreadId(ctx: AppContext, narrow: ResolvedNarrow): Promise<number> {
  const { where, viewerParam } = narrow;
  const params = [...where.params];
  let mutedParam: string | undefined;
  if (!narrow.namesStream) {
    params.push(await mutedStreamRecipients(ctx.db, narrow.viewerId));
    mutedParam = `$${params.length}`;
  }
  const muting = `AND ${mutingCondition(viewerParam, mutedParam)}`;
  const [row] = await ctx.db.query<{ id: number }>(
    `SELECT m.id FROM messages m
       JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${viewerParam}
      WHERE ${where.sql()} AND um.flags & ${FLAG_BITS.read} = 0 ${muting}
      ORDER BY m.id ASC LIMIT 1`,
    params,
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

/** The rows around the anchor: one query, each side an index range read from the anchor. */
async function fetchRows(
  ctx: AppContext,
  select: string,
  where: Where,
  anchor: number,
  request: Omit<GetMessagesRequest, "applyMarkdown">,
): Promise<MessageRecord[]> {
  const base = `${select} WHERE ${where.sql()} AND m.id`;
  const at = `${where.param(anchor)}::bigint`;
  const sides = [
    `(${base} < ${at} ORDER BY m.id DESC LIMIT ${where.param(request.numBefore + 1)})`,
    ...(request.includeAnchor ? [`(${base} = ${at})`] : []),
    `(${base} > ${at} ORDER BY m.id ASC LIMIT ${where.param(request.numAfter + 1)})`,
  ];
  return ctx.db.query<MessageRecord>(sides.join(" UNION ALL "), where.params);
}

/**
 * Zulip's `fetch_messages`: up to `numBefore` messages older than the anchor, the anchor itself
 * (with `includeAnchor`), and up to `numAfter` newer ones, among the messages of the narrow the
 * viewer may see, in id order. One query: the three sides are the branches of a `UNION ALL`,
 * each an index range read newest or oldest first, with one more row than asked to tell whether
 * the narrow's end was reached (a search's sides: `searchFetchRows`, each within a bounded plan).
 */
export async function findNarrowMessages(
  ctx: AppContext,
  viewer: UserRow,
  request: Omit<GetMessagesRequest, "applyMarkdown">,
): Promise<FoundMessages> {
  const narrow = await resolveNarrow(ctx, viewer, request.narrow);
  const anchor = await resolveAnchor(ctx, narrow, request.anchor);
  const select = `${MESSAGE_SELECT} ${viewerJoin(narrow)}`;
  const rows = request.narrow.some((term) => term.operator === "search" && !term.negated)
    ? await searchFetchRows(ctx.db, {
        ...request,
        where: narrow.where,
        select,
        viewerJoin: viewerJoin(narrow),
        anchor,
      })
    : await fetchRows(ctx, select, narrow.where, anchor, request);
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
  const ids = records.map((record) => record.id);
  const search = searchText(request.narrow);
  // Independent reads, sent together: PostgreSQL runs them on pooled connections at once, and
  // PGlite's worker runs them back to back, without a round trip to this thread between them.
  const [recipients, reactions, topicLinks, matches] = await Promise.all([
    displayRecipients(ctx.db, records),
    reactionsForMessages(ctx.db, ids),
    ctx.renderContext.topicLinker(ctx.db),
    search === undefined ? new Map<number, SearchMatch>() : searchMatches(ctx.db, ids, search),
  ]);
  const options = {
    applyMarkdown: request.applyMarkdown,
    realmStringId: ctx.realm.stringId,
    topicLinks,
  };
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

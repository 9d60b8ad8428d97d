import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { FLAG_BITS, IS_PRIVATE_FLAG } from "../db/flags";
import { groupRecipientId, isStorableId, personalRecipientId } from "../db/messages";
import { streamCacheOf } from "../db/stream-cache";
import { findUserByEmail, findUserById, type UserRow } from "../db/users";
import { ApiError } from "../http/errors";
import type { NarrowTerm } from "./narrow";
import { searchCondition, searchOperand } from "./narrow-search";
import { canReadHistory, streamsCondition } from "./narrow-streams";

/**
 * Accumulates a WHERE clause and its `$n` parameters. A condition may have a second, `scanned`
 * form that no index serves (a full-text match written as its function): a walk through a window
 * of ids then tests it row by row, where the indexed form would let the planner read every match
 * of the whole history.
 */
export class Where {
  readonly conditions: string[] = [];
  private readonly scannedConditions: string[] = [];
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(condition: string, negated = false, scanned = condition): void {
    const wrap = (sql: string) => (negated ? `NOT (${sql})` : `(${sql})`);
    this.conditions.push(wrap(condition));
    this.scannedConditions.push(wrap(scanned));
  }
  sql(form: "indexed" | "scanned" = "indexed"): string {
    const conditions = form === "indexed" ? this.conditions : this.scannedConditions;
    return conditions.length === 0 ? "true" : conditions.join(" AND ");
  }
}

function isList(operand: NarrowTerm["operand"]): operand is readonly (string | number)[] {
  return Array.isArray(operand);
}

/** Zulip's `BadNarrowOperatorError`. */
function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: "BAD_NARROW", extra: { desc } });
}

/** The user a `sender` or `dm` operand names, by id or email, or the narrow's error. */
async function userFromOperand(ctx: AppContext, operand: string | number): Promise<UserRow> {
  const user =
    typeof operand === "number"
      ? await findUserById(ctx.db, operand)
      : await findUserByEmail(ctx.db, operand.trim());
  if (!user) throw badNarrow("unknown user");
  return user;
}

/**
 * Zulip's `by_dm`: the conversation with oneself, with one other user (either direction), or
 * the group of exactly these users (none yet: no message matches).
 */
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

/** Zulip's `is` operator: a flag of the viewer's row, or a resolved topic. */
function isCondition(operand: string): string {
  switch (operand) {
    case "starred":
      return `um.flags & ${FLAG_BITS.starred} <> 0`;
    case "unread":
      return `um.flags & ${FLAG_BITS.read} = 0`;
    case "mentioned":
      return `um.flags & ${FLAG_BITS.mentioned | FLAG_BITS.wildcard_mentioned} <> 0`;
    case "alerted":
      // Zulip's `by_is`: the `has_alert_word` flag, which nothing sets while alert words are
      // not implemented, so no message is alerted (it is not "mentioned").
      return `um.flags & ${FLAG_BITS.has_alert_word} <> 0`;
    case "dm":
    case "private":
      return `um.flags & ${IS_PRIVATE_FLAG} <> 0`;
    case "resolved":
      return "m.subject LIKE '✔ %'";
    default:
      throw badNarrow(`unknown 'is' operand ${operand}`);
  }
}

/** The kinds of message a narrow's terms so far limit it to. */
interface NarrowKinds {
  channel: boolean;
  direct: boolean;
}

/**
 * Zulip's `check_not_both_channel_and_dm_narrow`, called by each term as it is added: a positive
 * stream, `streams` or topic term limits the narrow to channel messages, as does a negated
 * `is:dm`; a positive `dm` or `is:dm` term to direct messages. Both at once is refused (other
 * negated terms limit nothing).
 */
function checkKind(kinds: NarrowKinds, term: NarrowTerm): void {
  const { operator, operand, negated } = term;
  const isDm = operator === "is" && (operand === "dm" || operand === "private");
  const channelOperators = ["stream", "channel", "streams", "channels", "topic", "subject"];
  if ((channelOperators.includes(operator) && !negated) || (isDm && negated)) {
    kinds.channel = true;
  } else if (((operator === "dm" || operator === "pm-with") && !negated) || (isDm && !negated)) {
    kinds.direct = true;
  }
  if (kinds.channel && kinds.direct) {
    throw badNarrow("No message can be both a channel message and direct message");
  }
}

/** The recipients of the streams the user muted (Zulip's `exclude_muting_conditions`). */
export async function mutedStreamRecipients(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ recipient_id: number }>(
    `SELECT r.id AS recipient_id FROM subscriptions sub
       JOIN recipients r ON r.type = 2 AND r.type_id = sub.stream_id
      WHERE sub.user_id = $1 AND sub.active AND sub.is_muted`,
    [userId],
  );
  return rows.map((row) => row.recipient_id);
}

/**
 * Zulip's `exclude_muting_conditions`, as one SQL condition on `m`: not in a topic the viewer
 * muted, and, unless `mutedRecipients` is undefined (a narrow with a stream term), not in a
 * stream the viewer muted but for its unmuted and followed topics (visibility policies 2, 3).
 */
export function mutingCondition(
  viewerParam: string,
  mutedRecipientsParam: string | undefined,
): string {
  const policy = (policies: string) =>
    `EXISTS (SELECT 1 FROM user_topics ut WHERE ut.user_id = ${viewerParam}
       AND ut.stream_id = m.stream_id AND lower(ut.topic_name) = lower(m.subject)
       AND ut.visibility_policy IN (${policies}))`;
  const topics = `NOT ${policy("1")}`;
  if (mutedRecipientsParam === undefined) return topics;
  return `${topics} AND (m.recipient_id <> ALL(${mutedRecipientsParam}::int[]) OR ${policy("2, 3")})`;
}

/**
 * Zulip's `by_in`: `in:home` leaves out what `exclude_muting_conditions` does for a narrow
 * without a stream term (muted topics; muted streams but for their unmuted and followed
 * topics), negated it keeps only that; `in:all` (negated or not) limits nothing.
 */
async function addInTerm(ctx: AppContext, scope: NarrowScope, term: NarrowTerm): Promise<void> {
  const { where, viewer } = scope;
  if (term.operand === "all") return;
  if (term.operand !== "home") throw badNarrow(`unknown 'in' operand ${String(term.operand)}`);
  const muted = await mutedStreamRecipients(ctx.db, viewer.id);
  where.add(mutingCondition(where.param(viewer.id), where.param(muted)), term.negated);
}

/** A narrow being resolved: its conditions, and what its stream terms found. */
export interface NarrowScope {
  readonly where: Where;
  readonly viewer: UserRow;
  /** A positive topic term is present: the stream term then drives the topic index. */
  readonly hasTopic: boolean;
  /** A positive stream term names a stream whose whole history the viewer may read. */
  readsStreamHistory: boolean;
  /** The kinds of message the terms so far limit the narrow to (Zulip refuses both at once). */
  readonly kinds: NarrowKinds;
}

/** Adds one term of the narrow to its conditions (Zulip's `NarrowBuilder.add_term`). */
export async function addTerm(
  ctx: AppContext,
  scope: NarrowScope,
  term: NarrowTerm,
): Promise<void> {
  const { where, viewer } = scope;
  const { operator, operand, negated } = term;
  checkKind(scope.kinds, term);
  switch (operator) {
    case "stream":
    case "channel": {
      if (isList(operand)) throw badNarrow("stream operand must be a name or an id");
      // From the send path's cache (invalidated by every stream change): a narrow of the same
      // stream, fetched page after page, does not read its row each time.
      const stream = (await streamCacheOf(ctx.db).find(ctx.db, operand))?.row;
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
    case "search": {
      const search = searchCondition(searchOperand(operand), (value) => where.param(value));
      where.add(search.indexed, negated, search.scanned);
      return;
    }
    case "id": {
      // Zulip's `by_id`: `str(operand).isdigit()` or "Invalid message ID" (so `1e300` and `-1`
      // are refused); a well-formed id beyond any row's matches nothing.
      if (!/^\d+$/.test(String(operand))) throw badNarrow("Invalid message ID");
      const id = Number(operand);
      where.add(isStorableId(id) ? `m.id = ${where.param(id)}` : "FALSE", negated);
      return;
    }
    case "in":
      await addInTerm(ctx, scope, term);
      return;
    case "near":
      return;
    default:
      throw badNarrow(`unknown operator ${operator}`);
  }
}

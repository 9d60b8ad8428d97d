import type { AppContext } from "../context";
import { groupRecipientId, personalRecipientId } from "../db/messages";
import { findUserByEmail, findUserById, type UserRow } from "../db/users";
import { ApiError } from "../http/errors";
import type { NarrowTerm } from "./narrow";

/** Accumulates a WHERE clause and its `$n` parameters. */
export class Where {
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

export function isList(operand: NarrowTerm["operand"]): operand is readonly (string | number)[] {
  return Array.isArray(operand);
}

/** Zulip's `BadNarrowOperatorError`. */
export function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: "BAD_NARROW", extra: { desc } });
}

/** The user a `sender` or `dm` operand names, by id or email, or the narrow's error. */
export async function userFromOperand(ctx: AppContext, operand: string | number): Promise<UserRow> {
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
export async function addDirectTerm(
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

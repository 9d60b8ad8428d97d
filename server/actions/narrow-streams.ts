import type { UserRow } from "../db/users";
import { ROLE } from "../db/users";
import { ApiError } from "../http/errors";
import type { NarrowTerm } from "./narrow";

function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: "BAD_NARROW", extra: { desc } });
}

/**
 * Zulip's `streams` (`channels`) operator: `public` is every public stream, subscribed or not
 * (never a private one); `web-public` is the web-public streams, of which this server has none.
 * A direct message is in neither, so the negation keeps it.
 */
export function streamsCondition(operand: NarrowTerm["operand"]): string {
  if (operand === "public") {
    return "m.stream_id IS NOT NULL AND m.stream_id IN (SELECT id FROM streams WHERE NOT invite_only)";
  }
  if (operand === "web-public") return "false";
  throw badNarrow(`unknown streams operand ${String(operand)}`);
}

/**
 * Zulip's `ok_to_include_history`: messages the viewer never received are searched only in a
 * positive stream narrow, or in `streams:public` for a user who may read public streams (not a
 * guest); the viewer's own rows otherwise.
 */
export function includesHistory(viewer: UserRow, narrow: readonly NarrowTerm[]): boolean {
  return narrow.some(
    (t) =>
      !t.negated &&
      (t.operator === "stream" ||
        t.operator === "channel" ||
        ((t.operator === "streams" || t.operator === "channels") &&
          t.operand === "public" &&
          viewer.role !== ROLE.guest)),
  );
}

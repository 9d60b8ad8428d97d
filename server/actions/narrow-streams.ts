import type { Queryable } from "../db/database";
import { isSubscribed, type StreamRow } from "../db/streams";
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
 * Zulip's `can_access_stream_history`: a public stream's whole history is readable by anyone but
 * a guest; a private one's (or a public one's, for a guest) only by a subscriber, and only when
 * its history is public to subscribers.
 */
export async function canReadHistory(
  db: Queryable,
  viewer: UserRow,
  stream: StreamRow,
): Promise<boolean> {
  if (!stream.invite_only && viewer.role !== ROLE.guest) return true;
  return stream.history_public_to_subscribers && (await isSubscribed(db, viewer.id, stream.id));
}

/**
 * Zulip's `ok_to_include_history`: the narrow reads every message of the stream, received or not
 * (`messages` alone), only when a positive stream term names a stream whose history the viewer
 * may read (`readsStreamHistory`), or for `streams:public` and a user who may read public streams
 * (not a guest); and never with an `is:` term other than `resolved`, since those are properties
 * of the viewer's own rows. Otherwise it reads the viewer's rows (`user_messages`).
 */
export function includesHistory(
  viewer: UserRow,
  narrow: readonly NarrowTerm[],
  readsStreamHistory: boolean,
): boolean {
  const history =
    readsStreamHistory ||
    narrow.some(
      (t) =>
        !t.negated &&
        (t.operator === "streams" || t.operator === "channels") &&
        t.operand === "public" &&
        viewer.role !== ROLE.guest,
    );
  return history && !narrow.some((t) => t.operator === "is" && t.operand !== "resolved");
}

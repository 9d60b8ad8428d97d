import type { Queryable } from "../db/database";
import { findUserByEmail, findUserById, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/** A user named in `principals`: an email or a user id. */
export type Principal = string | number;

const MAX_INT4 = 2_147_483_647;

/** Lookups that cannot reach the database with a value PostgreSQL would refuse (a 500). */
async function findPrincipal(db: Queryable, principal: Principal): Promise<UserRow | undefined> {
  if (typeof principal === "number") {
    const isId = Number.isSafeInteger(principal) && principal > 0 && principal <= MAX_INT4;
    return isId ? findUserById(db, principal) : undefined;
  }
  const email = principal.trim();
  if (email === "" || email.includes("\0") || email.length > 320) return undefined;
  return findUserByEmail(db, email);
}

/**
 * The active users named by `principals` (the caller when absent or empty), without duplicates,
 * in the order given. An unknown or deactivated user is a 400 `BAD_REQUEST` naming it (Zulip
 * since FL 208; 403 `UNAUTHORIZED_PRINCIPAL` before), so nothing is written.
 */
export async function resolvePrincipals(
  db: Queryable,
  caller: UserRow,
  principals: readonly Principal[] | undefined,
): Promise<UserRow[]> {
  if (principals === undefined || principals.length === 0) return [caller];
  const users = new Map<number, UserRow>();
  for (const principal of principals) {
    const user = await findPrincipal(db, principal);
    if (!user?.is_active) throw badRequest(`No such user: '${String(principal)}'`);
    users.set(user.id, user);
  }
  return [...users.values()];
}

/** Parses `principals`: a JSON list of emails or a list of user ids (not both, as in Zulip). */
export function parsePrincipals(value: unknown): Principal[] | undefined {
  if (value === undefined) return undefined;
  const isEmails = Array.isArray(value) && value.every((item) => typeof item === "string");
  const isIds = Array.isArray(value) && value.every((item) => Number.isInteger(item));
  if (!isEmails && !isIds) {
    throw badRequest("principals is not a list of emails or a list of user ids");
  }
  // Checked just above: every item is a string, or every item is an integer.
  return value as Principal[];
}

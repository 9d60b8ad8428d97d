import type { Queryable } from "../db/database";
import { findUserByEmail, findUserById, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/**
 * The people a recipient list names (the `to` of direct messages and of typing notifications),
 * by user id or email, in order. Each must be an active user, or the whole list is refused with
 * Zulip's "Invalid user ID n" / "Invalid email 'x'".
 */
export async function findRecipientUsers(
  db: Queryable,
  recipients: readonly (string | number)[],
): Promise<UserRow[]> {
  const users: UserRow[] = [];
  for (const recipient of recipients) {
    const user =
      typeof recipient === "number"
        ? await findUserById(db, recipient)
        : await findUserByEmail(db, recipient.trim());
    if (!user?.is_active) {
      throw badRequest(
        typeof recipient === "number"
          ? `Invalid user ID ${recipient}`
          : `Invalid email '${recipient}'`,
      );
    }
    users.push(user);
  }
  return users;
}

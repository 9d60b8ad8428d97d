// The users page's rules, kept pure so they are unit-tested: search, sorting, who is listed.
import type { User } from "../../../common/wire/users";

/** The columns the users table sorts by. */
export type UserSortKey = "name" | "role";

/** A sort: a column and a direction (the values of `aria-sort`). */
export interface UserSort {
  readonly key: UserSortKey;
  readonly direction: "ascending" | "descending";
}

/** What the page starts with: by name, A to Z. */
export const DEFAULT_USER_SORT: UserSort = { key: "name", direction: "ascending" };

/**
 * The address to show: `delivery_email` when the server shares it (real Zulip sends a
 * `user123@…` placeholder in `email` when addresses are hidden), else `email`.
 */
export function displayEmail(user: Pick<User, "email" | "delivery_email">): string {
  return user.delivery_email ?? user.email;
}

/** Whether `needle` (already trimmed and lower-cased) is in the user's name or either address. */
export function userMatches(user: User, needle: string): boolean {
  if (needle === "") return true;
  return [user.full_name, user.email, user.delivery_email ?? ""].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

function compareUsers(sort: UserSort): (a: User, b: User) => number {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const byName = (a: User, b: User) =>
    a.full_name.localeCompare(b.full_name) || a.user_id - b.user_id;
  if (sort.key === "name") return (a, b) => sign * byName(a, b);
  // Role values grow as rights shrink (100 owner … 600 guest): ascending lists owners first.
  return (a, b) => sign * (a.role - b.role) || byName(a, b);
}

/** The next sort when a column's header is pressed: that column, flipped if it was already it. */
export function nextSort(current: UserSort, key: UserSortKey): UserSort {
  if (current.key !== key) return { key, direction: "ascending" };
  return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
}

/**
 * The users matching `filter` (name or email contains it, any case), sorted: the active ones,
 * and apart the deactivated ones (`is_active` false), always by name.
 */
export function directoryUsers(
  users: readonly User[],
  filter: string,
  sort: UserSort,
): { active: User[]; deactivated: User[] } {
  const needle = filter.trim().toLowerCase();
  const matching = users.filter((user) => userMatches(user, needle));
  return {
    active: matching.filter((user) => user.is_active !== false).sort(compareUsers(sort)),
    deactivated: matching
      .filter((user) => user.is_active === false)
      .sort(compareUsers(DEFAULT_USER_SORT)),
  };
}

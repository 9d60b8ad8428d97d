// The user groups page's rules, kept pure so they are unit-tested: which groups are shown,
// how they are named, filtered and sorted.
import type { UserGroup } from "../../../common/wire/realm";
import type { User } from "../../../common/wire/users";

/** A group as the page lists it: the group, its members by name, and how many there are. */
export interface DirectoryGroup {
  readonly group: UserGroup;
  /** Active members known to the users list, by name. */
  readonly members: readonly User[];
  /** Members the users list does not know (yet): listed by id after the others. */
  readonly unknownMemberIds: readonly number[];
}

/**
 * Zulip's system groups (`role:everyone`, `role:administrators`...) stand for roles, not teams:
 * Zulip's own UI leaves them out of the groups list. Servers older than FL 93 lacked
 * `is_system_group`, so the `role:` prefix is checked too.
 */
export function isSystemGroup(group: Pick<UserGroup, "name" | "is_system_group">): boolean {
  return group.is_system_group || group.name.startsWith("role:");
}

/** "1 member", "3 members". */
export function memberCountLabel(count: number): string {
  return count === 1 ? "1 member" : `${count} members`;
}

function byName(a: UserGroup, b: UserGroup): number {
  // Ids break ties so that the order never depends on the server's.
  return a.name.localeCompare(b.name) || a.id - b.id;
}

function membersOf(
  group: UserGroup,
  usersById: ReadonlyMap<number, User>,
): Pick<DirectoryGroup, "members" | "unknownMemberIds"> {
  const members: User[] = [];
  const unknownMemberIds: number[] = [];
  for (const id of group.members) {
    const user = usersById.get(id);
    if (user === undefined) unknownMemberIds.push(id);
    // Deactivated people stay in their groups on the server but are no longer part of them.
    else if (user.is_active !== false) members.push(user);
  }
  members.sort((a, b) => a.full_name.localeCompare(b.full_name));
  unknownMemberIds.sort((a, b) => a - b);
  return { members, unknownMemberIds };
}

function matches(entry: DirectoryGroup, needle: string): boolean {
  if (needle === "") return true;
  const { group, members } = entry;
  return (
    group.name.toLowerCase().includes(needle) ||
    group.description.toLowerCase().includes(needle) ||
    members.some((member) => member.full_name.toLowerCase().includes(needle))
  );
}

/**
 * The groups the page lists: system groups left out, each with its members resolved to users,
 * those matching `filter` (group name, description or a member's name; any case), by name.
 */
export function directoryGroups(
  groups: readonly UserGroup[],
  users: readonly User[],
  filter: string,
): DirectoryGroup[] {
  const usersById = new Map(users.map((user) => [user.user_id, user]));
  const needle = filter.trim().toLowerCase();
  return groups
    .filter((group) => !isSystemGroup(group))
    .map((group) => ({ group, ...membersOf(group, usersById) }))
    .filter((entry) => matches(entry, needle))
    .sort((a, b) => byName(a.group, b.group));
}

/** How many people a listed group has (known members plus those not loaded yet). */
export function memberCount(entry: DirectoryGroup): number {
  return entry.members.length + entry.unknownMemberIds.length;
}

// Who may change a group and what the server will refuse, checked before sending so each
// problem shows beside its field (the server's rules, server/actions/user-groups.ts; it still has
// the last word, and its refusal is placed the same way).
import type { UserGroup } from "../../../common/wire/realm";
import { ROLE, type OwnProfile } from "../../../common/wire/users";

const MAX_NAME_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 1024;
const RESERVED_PREFIXES = ["@", "role:", "user:", "stream:", "channel:"];

type Me = Pick<OwnProfile, "user_id" | "role" | "is_admin" | "is_bot">;

/** Members and above may create groups (Zulip 9's default `user_group_edit_policy`). */
export function canCreateGroups(me: Me | undefined): boolean {
  return me !== undefined && !me.is_bot && me.role < ROLE.guest;
}

/**
 * Whether `me` may change `group` (as Zulip 9's `access_user_group_by_id`): moderators and
 * administrators any people's group, other members the groups they are in.
 */
export function canManageGroup(me: Me | undefined, group: UserGroup): boolean {
  if (me === undefined || !canCreateGroups(me) || group.is_system_group) return false;
  return me.is_admin || me.role <= ROLE.moderator || group.members.includes(me.user_id);
}

/**
 * Why `name` cannot name a group, in the server's words, or null. `groups` are those the client
 * knows; `ownId` is the group being renamed (its own name, in any case, is no clash).
 */
export function groupNameProblem(
  name: string,
  groups: readonly UserGroup[],
  ownId?: number,
): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return "User group name can't be empty!";
  if (trimmed.length > MAX_NAME_LENGTH) {
    return `User group name cannot exceed ${MAX_NAME_LENGTH} characters.`;
  }
  const prefix = RESERVED_PREFIXES.find((p) => trimmed.startsWith(p));
  if (prefix !== undefined) return `User group name cannot start with '${prefix}'.`;
  const key = trimmed.toLowerCase();
  const holder = groups.find((g) => g.id !== ownId && g.name.toLowerCase() === key);
  return holder === undefined ? null : `User group '${trimmed}' already exists.`;
}

/** Why a description cannot be used, or null. */
export function descriptionProblem(description: string): string | null {
  return description.length > MAX_DESCRIPTION_LENGTH
    ? `User group description cannot exceed ${MAX_DESCRIPTION_LENGTH} characters.`
    : null;
}

/** The field of the group forms a refusal of the server is about. */
export type GroupField = "name" | "description" | "members" | "form";

/** Where the server's refusal is shown: beside the field its message names, else the form's. */
export function fieldOfRefusal(message: string): GroupField {
  if (/^User group name |^User group '.*' already exists\.$/.test(message)) return "name";
  if (message.startsWith("User group description ")) return "description";
  if (/^Invalid user ID|is already a member|^There is no member/.test(message)) return "members";
  return "form";
}

import type { EventWithoutId } from "../../common/wire/events";
import type { UserGroup } from "../../common/wire/realm";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { isDbId } from "../db/ids";
import {
  addGroupMembers,
  deactivateUserGroupRow,
  directMembersByGroup,
  findUserGroupById,
  findUserGroupByName,
  insertUserGroup,
  listUserGroups,
  removeGroupMembers,
  storedMemberIds,
  subgroupsByGroup,
  updateUserGroupFields,
  type UserGroupRow,
} from "../db/user-groups";
import { findUsersByIds, isAdministrator, ROLE, type UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import { badRequest } from "../http/errors";

const MAX_GROUP_NAME_LENGTH = 100;
/** Zulip sets no limit on descriptions; we keep them to a stream description's 1024. */
const MAX_GROUP_DESCRIPTION_LENGTH = 1024;
const INVALID_NAME_PREFIXES = ["@", "role:", "user:", "stream:", "channel:"];

/**
 * Zulip 10's client capability (and `GET /user_groups` parameter): deactivated groups listed,
 * each group with its `deactivated` flag, and a deactivation sent as `update`. Without it a
 * client sees Zulip 9's shapes: only active groups, and a deactivation as `remove`.
 */
export const INCLUDE_DEACTIVATED_GROUPS = "include_deactivated_groups";

function wantsDeactivatedGroups(queue: EventQueue): boolean {
  return queue.options.capabilities[INCLUDE_DEACTIVATED_GROUPS] === true;
}

/** Zulip's `require_member_or_admin`: guests and bots may not use the user group endpoints. */
function requireMemberOrAdmin(user: UserRow): void {
  if (user.role === ROLE.guest) throw badRequest("Not allowed for guest users");
  if (user.is_bot) throw badRequest("This endpoint does not accept bot requests.");
}

/**
 * A user group as `GET /user_groups`, `realm_user_groups` and `user_group` events carry it, with
 * Zulip's `can_mention_group` beside the fields the client reads.
 */
function groupDict(
  group: UserGroupRow,
  members: ReadonlyMap<number, number[]>,
  subgroups: ReadonlyMap<number, number[]>,
  withDeactivated: boolean,
): UserGroup {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    members: members.get(group.id) ?? [],
    direct_subgroup_ids: subgroups.get(group.id) ?? [],
    is_system_group: group.is_system_group,
    can_mention_group: group.can_mention_group,
    ...(withDeactivated ? { deactivated: group.deactivated } : {}),
  };
}

/**
 * The user groups (system groups included), sorted by id: the `realm_user_groups` state. Only
 * active ones unless `includeDeactivated`, which also adds each group's `deactivated` flag.
 */
export async function userGroupDicts(
  db: Queryable,
  includeDeactivated = false,
): Promise<UserGroup[]> {
  const groups = (await listUserGroups(db)).filter((g) => includeDeactivated || !g.deactivated);
  const members = await directMembersByGroup(db, groups);
  const subgroups = await subgroupsByGroup(db);
  return groups.map((group) => groupDict(group, members, subgroups, includeDeactivated));
}

/** `GET /user_groups`: the groups, for members and above (not guests or bots). */
export async function getUserGroups(
  ctx: AppContext,
  user: UserRow,
  includeDeactivated: boolean,
): Promise<UserGroup[]> {
  requireMemberOrAdmin(user);
  return userGroupDicts(ctx.db, includeDeactivated);
}

/** Every active user of the organisation; `Invalid user ID: x` names the first unknown one. */
async function checkUserIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const invalid = unique.find((id) => !isDbId(id));
  if (invalid !== undefined) throw badRequest(`Invalid user ID: ${invalid}`);
  const found = new Set(
    (await findUsersByIds(db, unique)).filter((u) => u.is_active).map((u) => u.id),
  );
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(`Invalid user ID: ${missing}`);
  return unique.sort((a, b) => a - b);
}

function checkGroupName(raw: string): string {
  const name = raw.trim();
  if (name === "") throw badRequest("User group name can't be empty!");
  if (name.length > MAX_GROUP_NAME_LENGTH) {
    throw badRequest(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  }
  const prefix = INVALID_NAME_PREFIXES.find((p) => name.startsWith(p));
  if (prefix !== undefined) throw badRequest(`User group name cannot start with '${prefix}'.`);
  return name;
}

/** Sends a `user_group` event, built per queue, to every queue of the organisation. */
function publishGroupEvent(
  ctx: AppContext,
  event: EventWithoutId<"user_group"> | ((queue: EventQueue) => EventWithoutId<"user_group">),
): void {
  ctx.renderContext.invalidate();
  ctx.queues.publishWhere(() => true, typeof event === "function" ? event : () => event);
}

function checkDescription(description: string): void {
  if (description.length > MAX_GROUP_DESCRIPTION_LENGTH) {
    throw badRequest(
      `User group description cannot exceed ${MAX_GROUP_DESCRIPTION_LENGTH} characters.`,
    );
  }
}

export interface NewUserGroup {
  name: string;
  description: string;
  members: readonly number[];
}

/**
 * Creates a user group with its members (members and above, as Zulip's default
 * `user_group_edit_policy`), mentionable by everyone. Publishes `user_group` `add`; returns the id.
 */
export async function createUserGroup(
  ctx: AppContext,
  user: UserRow,
  request: NewUserGroup,
): Promise<number> {
  requireMemberOrAdmin(user);
  const name = checkGroupName(request.name);
  checkDescription(request.description);
  const members = await checkUserIds(ctx.db, request.members);
  const everyone = await findUserGroupByName(ctx.db, "role:everyone");
  const id = await ctx.db.transaction(async (tx) => {
    if (await findUserGroupByName(tx, name))
      throw badRequest(`User group '${name}' already exists.`);
    const groupId = await insertUserGroup(tx, {
      name,
      description: request.description,
      canMentionGroup: everyone?.id ?? null,
    });
    await addGroupMembers(tx, groupId, members);
    return groupId;
  });
  const group: UserGroup = {
    id,
    name,
    description: request.description,
    members,
    direct_subgroup_ids: [],
    is_system_group: false,
    can_mention_group: everyone?.id ?? null,
  };
  publishGroupEvent(ctx, (queue) => ({
    type: "user_group",
    op: "add",
    group: wantsDeactivatedGroups(queue) ? { ...group, deactivated: false } : group,
  }));
  return id;
}

/**
 * A group the user may change: Zulip's `access_user_group_by_id(for_read=False)`. Unknown:
 * "Invalid user group"; system groups, and custom groups of which a member (not a moderator or
 * administrator) is not a member: "Insufficient permission"; a deactivated group: "User group
 * is deactivated." (Zulip 10 lets nothing but reactivation change one).
 */
async function accessGroupForWrite(
  db: Queryable,
  user: UserRow,
  groupId: number,
): Promise<{ group: UserGroupRow; members: number[] }> {
  const group = isDbId(groupId) ? await findUserGroupById(db, groupId) : undefined;
  if (!group) throw badRequest("Invalid user group");
  if (group.is_system_group) throw badRequest("Insufficient permission");
  if (group.deactivated) throw badRequest("User group is deactivated.");
  const members = await storedMemberIds(db, group.id);
  const isManager = isAdministrator(user) || user.role === ROLE.moderator;
  if (!isManager && !members.includes(user.id)) throw badRequest("Insufficient permission");
  return { group, members };
}

/**
 * Adds then removes direct members of a custom group in one transaction, with Zulip's checks
 * ("User x is already a member of this group", "There is no member 'x' in this user group").
 * Publishes `add_members` and/or `remove_members`.
 */
export async function updateUserGroupMembers(
  ctx: AppContext,
  user: UserRow,
  groupId: number,
  change: { add: readonly number[]; remove: readonly number[] },
): Promise<void> {
  requireMemberOrAdmin(user);
  if (change.add.length === 0 && change.remove.length === 0) {
    throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  }
  const { group, members } = await accessGroupForWrite(ctx.db, user, groupId);
  const add = await checkUserIds(ctx.db, change.add);
  const already = add.find((id) => members.includes(id));
  if (already !== undefined) throw badRequest(`User ${already} is already a member of this group`);
  const remove = await checkUserIds(ctx.db, change.remove);
  const afterAdd = new Set([...members, ...add]);
  const absent = remove.find((id) => !afterAdd.has(id));
  if (absent !== undefined) throw badRequest(`There is no member '${absent}' in this user group`);
  await ctx.db.transaction(async (tx) => {
    if (add.length > 0) await addGroupMembers(tx, group.id, add);
    if (remove.length > 0) await removeGroupMembers(tx, group.id, remove);
  });
  if (add.length > 0) {
    publishGroupEvent(ctx, {
      type: "user_group",
      op: "add_members",
      group_id: group.id,
      user_ids: add,
    });
  }
  if (remove.length > 0) {
    publishGroupEvent(ctx, {
      type: "user_group",
      op: "remove_members",
      group_id: group.id,
      user_ids: remove,
    });
  }
}

/** What `PATCH /user_groups/{id}` changes; undefined is left as it is. */
export interface UserGroupChange {
  name: string | undefined;
  description: string | undefined;
}

/**
 * `PATCH /user_groups/{id}`: renames a custom group and/or changes its description, with the
 * checks of creation (and a new name taken by another group: "User group 'x' already exists.").
 * Who may: as for members (`accessGroupForWrite`). Publishes one `update` per changed field,
 * as Zulip does; a field given unchanged changes nothing and sends nothing.
 */
export async function updateUserGroup(
  ctx: AppContext,
  user: UserRow,
  groupId: number,
  change: UserGroupChange,
): Promise<void> {
  requireMemberOrAdmin(user);
  if (change.name === undefined && change.description === undefined) {
    throw badRequest("No new data supplied");
  }
  const { group } = await accessGroupForWrite(ctx.db, user, groupId);
  const name = change.name === undefined ? undefined : checkGroupName(change.name);
  if (change.description !== undefined) checkDescription(change.description);
  const newName = name !== undefined && name !== group.name ? name : undefined;
  const newDescription =
    change.description !== undefined && change.description !== group.description
      ? change.description
      : undefined;
  await ctx.db.transaction(async (tx) => {
    if (newName !== undefined) {
      const holder = await findUserGroupByName(tx, newName);
      if (holder && holder.id !== group.id) {
        throw badRequest(`User group '${newName}' already exists.`);
      }
    }
    await updateUserGroupFields(tx, group.id, { name: newName, description: newDescription });
  });
  if (newName !== undefined) {
    publishGroupEvent(ctx, {
      type: "user_group",
      op: "update",
      group_id: group.id,
      data: { name: newName },
    });
  }
  if (newDescription !== undefined) {
    publishGroupEvent(ctx, {
      type: "user_group",
      op: "update",
      group_id: group.id,
      data: { description: newDescription },
    });
  }
}

/**
 * `POST /user_groups/{id}/deactivate` (Zulip 10): the group stays, with its members and its
 * name, but is no longer listed (without `include_deactivated_groups`) or mentionable. Refused
 * while another active group has it as a subgroup: "Cannot deactivate user group in use."
 * Publishes `update` `{deactivated: true}` to queues with that capability, `remove` to others.
 */
export async function deactivateUserGroup(
  ctx: AppContext,
  user: UserRow,
  groupId: number,
): Promise<void> {
  requireMemberOrAdmin(user);
  const { group } = await accessGroupForWrite(ctx.db, user, groupId);
  await ctx.db.transaction(async (tx) => {
    const groups = await listUserGroups(tx);
    const subgroups = await subgroupsByGroup(tx);
    const inUse = groups.some(
      (other) =>
        !other.deactivated &&
        other.id !== group.id &&
        ((subgroups.get(other.id) ?? []).includes(group.id) ||
          other.can_mention_group === group.id),
    );
    if (inUse) throw badRequest("Cannot deactivate user group in use.");
    await deactivateUserGroupRow(tx, group.id);
  });
  publishGroupEvent(ctx, (queue) =>
    wantsDeactivatedGroups(queue)
      ? { type: "user_group", op: "update", group_id: group.id, data: { deactivated: true } }
      : { type: "user_group", op: "remove", group_id: group.id },
  );
}

/** `GET /user_groups/{id}/members`: members, direct or through subgroups. */
export async function getUserGroupMembers(
  ctx: AppContext,
  user: UserRow,
  groupId: number,
  directOnly: boolean,
): Promise<number[]> {
  requireMemberOrAdmin(user);
  const dicts = await userGroupDicts(ctx.db, true);
  const byId = new Map(dicts.map((g) => [g.id, g]));
  const root = byId.get(groupId);
  if (!root) throw badRequest("Invalid user group");
  const members = new Set(root.members);
  const seen = new Set([root.id]);
  const pending = directOnly ? [] : [...root.direct_subgroup_ids];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const subgroup = byId.get(next);
    subgroup?.members.forEach((id) => members.add(id));
    pending.push(...(subgroup?.direct_subgroup_ids ?? []));
  }
  return [...members].sort((a, b) => a - b);
}

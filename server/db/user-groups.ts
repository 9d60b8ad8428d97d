import type { Queryable } from "./database";
import { ROLE } from "./users";
import { queryJsonRows } from "./json-rows";

/** A row of `user_groups`. */
export interface UserGroupRow {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  can_mention_group: number | null;
  deactivated: boolean;
}

/** The role whose active users are the direct members of each system group. */
const SYSTEM_GROUP_ROLES: Readonly<Record<string, number>> = {
  "role:owners": ROLE.owner,
  "role:administrators": ROLE.administrator,
  "role:moderators": ROLE.moderator,
  // Every member is a full member: the organisation has no waiting period.
  "role:fullmembers": ROLE.member,
  "role:everyone": ROLE.guest,
};

const GROUP_COLUMNS = "id, name, description, is_system_group, can_mention_group, deactivated";

export async function listUserGroups(db: Queryable): Promise<UserGroupRow[]> {
  return db.query<UserGroupRow>(`SELECT ${GROUP_COLUMNS} FROM user_groups ORDER BY id`);
}

export async function findUserGroupById(
  db: Queryable,
  id: number,
): Promise<UserGroupRow | undefined> {
  const rows = await db.query<UserGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM user_groups WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export async function findUserGroupByName(
  db: Queryable,
  name: string,
): Promise<UserGroupRow | undefined> {
  const rows = await db.query<UserGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM user_groups WHERE lower(name) = lower($1)`,
    [name],
  );
  return rows[0];
}

/**
 * Direct members of every group, sorted: stored members for custom groups, active users of the
 * group's role for system groups.
 */
export async function directMembersByGroup(
  db: Queryable,
  groups: readonly UserGroupRow[],
): Promise<Map<number, number[]>> {
  const members = new Map<number, number[]>(groups.map((g) => [g.id, []]));
  const stored = await db.query<{ group_id: number; user_id: number }>(
    "SELECT group_id, user_id FROM user_group_members ORDER BY group_id, user_id",
  );
  for (const row of stored) members.get(row.group_id)?.push(row.user_id);
  const users = await queryJsonRows<{ id: number; role: number }>(
    db,
    "SELECT id, role FROM users WHERE is_active",
    [],
    "q.id",
  );
  for (const group of groups) {
    if (!group.is_system_group) continue;
    const role = SYSTEM_GROUP_ROLES[group.name];
    if (role === undefined) continue;
    members.set(
      group.id,
      users.filter((u) => u.role === role).map((u) => u.id),
    );
  }
  return members;
}

/** Direct subgroups of every group that has subgroups, sorted. */
export async function subgroupsByGroup(db: Queryable): Promise<Map<number, number[]>> {
  const rows = await db.query<{ supergroup_id: number; subgroup_id: number }>(
    "SELECT supergroup_id, subgroup_id FROM user_group_subgroups ORDER BY supergroup_id, subgroup_id",
  );
  const map = new Map<number, number[]>();
  for (const row of rows) {
    map.set(row.supergroup_id, [...(map.get(row.supergroup_id) ?? []), row.subgroup_id]);
  }
  return map;
}

export async function storedMemberIds(db: Queryable, groupId: number): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    "SELECT user_id FROM user_group_members WHERE group_id = $1 ORDER BY user_id",
    [groupId],
  );
  return rows.map((row) => row.user_id);
}

export async function insertUserGroup(
  db: Queryable,
  group: { name: string; description: string; canMentionGroup: number | null },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO user_groups (name, description, can_mention_group)
     VALUES ($1, $2, $3) RETURNING id`,
    [group.name, group.description, group.canMentionGroup],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  return row.id;
}

export async function addGroupMembers(
  db: Queryable,
  groupId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.query(
    `INSERT INTO user_group_members (group_id, user_id)
     SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [groupId, userIds],
  );
}

export async function removeGroupMembers(
  db: Queryable,
  groupId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.query(
    "DELETE FROM user_group_members WHERE group_id = $1 AND user_id = ANY($2::int[])",
    [groupId, userIds],
  );
}

/** Sets a group's name and/or description (what is undefined stays). */
export async function updateUserGroupFields(
  db: Queryable,
  groupId: number,
  fields: { name?: string | undefined; description?: string | undefined },
): Promise<void> {
  await db.query(
    `UPDATE user_groups SET name = COALESCE($2, name), description = COALESCE($3, description)
      WHERE id = $1`,
    [groupId, fields.name ?? null, fields.description ?? null],
  );
}

export async function deactivateUserGroupRow(db: Queryable, groupId: number): Promise<void> {
  await db.query("UPDATE user_groups SET deactivated = true WHERE id = $1", [groupId]);
}

// Pure updates of cached lists by one event. Each returns the new list, or undefined when the
// event cannot be applied exactly (the caller then invalidates the query instead).
import type {
  RealmUserEvent,
  StreamEvent,
  SubscriptionEvent,
  UserGroupEvent,
} from "../../common/wire/events";
import type { UserGroup } from "../../common/wire/realm";
import {
  streamSchema,
  subscriptionSchema,
  type Stream,
  type Subscription,
  type Topic,
} from "../../common/wire/streams";
import { userSchema, type User } from "../../common/wire/users";

/** Replaces the items with the same id, appends the others, keeps the order otherwise. */
function upsertBy<T>(list: readonly T[], items: readonly T[], key: (item: T) => unknown): T[] {
  const incoming = new Map(items.map((item) => [key(item), item]));
  const replaced = list.map((item) => {
    const next = incoming.get(key(item));
    if (next === undefined) return item;
    incoming.delete(key(item));
    return next;
  });
  return [...replaced, ...incoming.values()];
}

function sortedUnion(ids: readonly number[], added: readonly number[]): number[] {
  return [...new Set([...ids, ...added])].sort((a, b) => a - b);
}

function without(ids: readonly number[], removed: readonly number[]): number[] {
  const gone = new Set(removed);
  return ids.filter((id) => !gone.has(id));
}

/**
 * Sets `property` on the entry with `stream_id`, checking the result against the entry's schema
 * so a value of the wrong type cannot corrupt the cache (undefined: invalidate instead).
 */
function setStreamProperty<T extends { stream_id: number }>(
  list: readonly T[],
  streamId: number,
  fields: Readonly<Record<string, unknown>>,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T[] | undefined {
  const next: T[] = [];
  for (const entry of list) {
    if (entry.stream_id !== streamId) {
      next.push(entry);
      continue;
    }
    // Entries, so that a property named `__proto__` stays a plain key.
    const merged = Object.fromEntries([...Object.entries(entry), ...Object.entries(fields)]);
    const parsed = schema.safeParse(merged);
    if (!parsed.success) return undefined;
    next.push(parsed.data);
  }
  return next;
}

/** The caller's subscriptions after a `subscription` event. */
export function applySubscriptionEvent(
  subscriptions: readonly Subscription[],
  event: SubscriptionEvent,
): Subscription[] | undefined {
  switch (event.op) {
    case "add":
      return upsertBy(subscriptions, event.subscriptions, (sub) => sub.stream_id);
    case "remove": {
      const removed = new Set(event.subscriptions.map((sub) => sub.stream_id));
      return subscriptions.filter((sub) => !removed.has(sub.stream_id));
    }
    case "update": {
      const fields: Record<string, unknown> = { [event.property]: event.value };
      // Zulip keeps the deprecated `in_home_view` as the negation of `is_muted`.
      if (event.property === "is_muted") fields["in_home_view"] = event.value !== true;
      if (event.property === "in_home_view") fields["is_muted"] = event.value !== true;
      return setStreamProperty(subscriptions, event.stream_id, fields, subscriptionSchema);
    }
    case "peer_add":
    case "peer_remove": {
      const streams = new Set(event.stream_ids);
      return subscriptions.map((sub) => {
        if (!streams.has(sub.stream_id) || sub.subscribers === undefined) return sub;
        const subscribers =
          event.op === "peer_add"
            ? sortedUnion(sub.subscribers, event.user_ids)
            : without(sub.subscribers, event.user_ids);
        return { ...sub, subscribers };
      });
    }
  }
}

/** The fields a `stream` `update` sets: the property, plus the companions Zulip sends with it. */
function streamUpdateFields(
  event: Extract<StreamEvent, { op: "update" }>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = { [event.property]: event.value };
  if (event.rendered_description !== undefined) {
    fields["rendered_description"] = event.rendered_description;
  }
  if (event.history_public_to_subscribers !== undefined) {
    fields["history_public_to_subscribers"] = event.history_public_to_subscribers;
  }
  if (event.is_web_public !== undefined) fields["is_web_public"] = event.is_web_public;
  return fields;
}

/** The visible streams after a `stream` event. */
export function applyStreamEventToStreams(
  streams: readonly Stream[],
  event: StreamEvent,
): Stream[] | undefined {
  switch (event.op) {
    case "create":
      return upsertBy(streams, event.streams, (stream) => stream.stream_id);
    case "delete": {
      const deleted = new Set(event.streams.map((stream) => stream.stream_id));
      return streams.filter((stream) => !deleted.has(stream.stream_id));
    }
    case "update":
      return setStreamProperty(streams, event.stream_id, streamUpdateFields(event), streamSchema);
  }
}

/** The subscriptions after a `stream` `delete` (theirs go) or `update` (applies to them too). */
export function applyStreamEventToSubscriptions(
  subscriptions: readonly Subscription[],
  event: Exclude<StreamEvent, { op: "create" }>,
): Subscription[] | undefined {
  switch (event.op) {
    case "delete": {
      const deleted = new Set(event.streams.map((stream) => stream.stream_id));
      return subscriptions.filter((sub) => !deleted.has(sub.stream_id));
    }
    case "update":
      return setStreamProperty(
        subscriptions,
        event.stream_id,
        streamUpdateFields(event),
        subscriptionSchema,
      );
  }
}

/** A user's fields after a `realm_user` `update` (a role also sets the derived flags). */
export function updatedUser<T extends User>(
  user: T,
  person: Extract<RealmUserEvent, { op: "update" }>["person"],
): T | undefined {
  const { user_id: _userId, new_email, ...fields } = person;
  const changes: Record<string, unknown> = { ...fields };
  if (new_email !== undefined) changes["email"] = new_email;
  if (person.role !== undefined) {
    changes["is_owner"] = person.role === 100;
    changes["is_admin"] = person.role <= 200;
    changes["is_guest"] = person.role === 600;
  }
  const parsed = userSchema.safeParse({ ...user, ...changes });
  // The parse only checks; the caller's own shape (e.g. `OwnProfile`) is kept by the spread.
  return parsed.success ? { ...user, ...changes } : undefined;
}

/** Everyone after a `realm_user` event. */
export function applyRealmUserEvent(
  users: readonly User[],
  event: RealmUserEvent,
): User[] | undefined {
  switch (event.op) {
    case "add":
      return upsertBy(users, [event.person], (user) => user.user_id);
    case "remove":
      return users.filter((user) => user.user_id !== event.person.user_id);
    case "update": {
      const next: User[] = [];
      for (const user of users) {
        const updated =
          user.user_id === event.person.user_id ? updatedUser(user, event.person) : user;
        if (updated === undefined) return undefined;
        next.push(updated);
      }
      return next;
    }
  }
}

function updateGroup(
  groups: readonly UserGroup[],
  groupId: number,
  update: (group: UserGroup) => UserGroup,
): UserGroup[] {
  return groups.map((group) => (group.id === groupId ? update(group) : group));
}

/** The user groups after a `user_group` event. */
export function applyUserGroupEvent(
  groups: readonly UserGroup[],
  event: UserGroupEvent,
): UserGroup[] {
  switch (event.op) {
    case "add":
      return upsertBy(groups, [event.group], (group) => group.id);
    case "remove":
      return groups.filter((group) => group.id !== event.group_id);
    case "update": {
      const { name, description } = event.data;
      return updateGroup(groups, event.group_id, (group) => ({
        ...group,
        ...(name === undefined ? {} : { name }),
        ...(description === undefined ? {} : { description }),
      }));
    }
    case "add_members":
      return updateGroup(groups, event.group_id, (group) => ({
        ...group,
        members: sortedUnion(group.members, event.user_ids),
      }));
    case "remove_members":
      return updateGroup(groups, event.group_id, (group) => ({
        ...group,
        members: without(group.members, event.user_ids),
      }));
    case "add_subgroups":
      return updateGroup(groups, event.group_id, (group) => ({
        ...group,
        direct_subgroup_ids: sortedUnion(group.direct_subgroup_ids, event.direct_subgroup_ids),
      }));
    case "remove_subgroups":
      return updateGroup(groups, event.group_id, (group) => ({
        ...group,
        direct_subgroup_ids: without(group.direct_subgroup_ids, event.direct_subgroup_ids),
      }));
  }
}

/**
 * A stream's topics (newest first) knowing that `topic` now holds a message as new as `maxId`.
 * Topics differing only in case are one, named as in the newest message (as Zulip merges them).
 */
export function bumpTopic(topics: readonly Topic[], topic: string, maxId: number): Topic[] {
  const key = topic.toLowerCase();
  const existing = topics.find((entry) => entry.name.toLowerCase() === key);
  if (existing !== undefined && existing.max_id >= maxId) return [...topics];
  const others = topics.filter((entry) => entry.name.toLowerCase() !== key);
  // First before sorting (a stable sort): on a tie it is the one known to hold the newest.
  return [{ ...existing, name: topic, max_id: maxId }, ...others].sort(
    (a, b) => b.max_id - a.max_id,
  );
}

import type { StreamRow } from "../db/streams";
import { isAdministrator, ROLE, type UserRow } from "../db/users";

/**
 * Whether `user` may see that `stream` exists, its metadata and its subscribers (and so gets
 * its `stream` and `peer_add`/`peer_remove` events): a subscriber always; anyone but a guest
 * for a public stream. Zulip also lets administrators see private streams they are not in; we
 * do not, so that the register snapshot (`never_subscribed`, `streams`) and the events agree.
 */
export function canSeeStream(
  user: Pick<UserRow, "role">,
  stream: Pick<StreamRow, "invite_only">,
  isSubscribed: boolean,
): boolean {
  return isSubscribed || (!stream.invite_only && user.role !== ROLE.guest);
}

/**
 * Whether `user` may manage subscriptions of `stream` (subscribe others, unsubscribe): whoever
 * can see it, and administrators for every stream (Zulip: admins have access to private streams
 * for subscription management, not for their content).
 */
export function canManageStream(
  user: Pick<UserRow, "role">,
  stream: Pick<StreamRow, "invite_only">,
  isSubscribed: boolean,
): boolean {
  return canSeeStream(user, stream, isSubscribed) || isAdministrator(user);
}

/** The active users who can see `stream` given its current subscribers. */
export function streamViewerIds(
  users: readonly UserRow[],
  stream: Pick<StreamRow, "invite_only">,
  subscribers: ReadonlySet<number>,
): number[] {
  return users
    .filter((user) => user.is_active && canSeeStream(user, stream, subscribers.has(user.id)))
    .map((user) => user.id);
}

import type { AppContext } from "../context";
import {
  listStreams,
  listSubscribedStreams,
  listSubscriptionRows,
  type StreamRow,
  type SubscriptionRow,
} from "../db/streams";
import { isAdministrator, ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/** The `include_*` flags of `GET /streams`. */
export interface GetStreamsRequest {
  includePublic: boolean;
  includeSubscribed: boolean;
  includeAllActive: boolean;
  includeDefault: boolean;
  includeOwnerSubscribed: boolean;
  includeWebPublic: boolean;
}

/** The organisation's streams and one user's subscriptions, read once for all of register. */
export interface StreamRows {
  streams: StreamRow[];
  /** Every subscription the user has or had (`active` tells). */
  subscriptions: SubscriptionRow[];
}

/** Reads what `subscriptionState` and `getStreams` both need, for a caller that wants both. */
export async function loadStreamRows(ctx: AppContext, user: UserRow): Promise<StreamRows> {
  const [subscriptions, streams] = await Promise.all([
    listSubscriptionRows(ctx.db, user.id),
    listStreams(ctx.db),
  ]);
  return { streams, subscriptions };
}

async function subscribedIds(
  ctx: AppContext,
  userId: number,
  loaded: StreamRows | undefined,
): Promise<number[]> {
  const rows = loaded
    ? loaded.subscriptions.filter((row) => row.active)
    : await listSubscribedStreams(ctx.db, userId);
  return rows.map((row) => row.id);
}

/**
 * `GET /streams`: the union of the sets asked for, sorted by name. `include_all_active` is for
 * administrators only (400 `User not authorized for this query`) and returns every stream;
 * guests never get public streams they are not subscribed to. Parley has no default and no
 * web-public streams, so `include_default` and `include_web_public` add nothing. `loaded`: the
 * rows when the caller has read them already (register), for the user's own subscriptions.
 */
export async function getStreams(
  ctx: AppContext,
  user: UserRow,
  request: GetStreamsRequest,
  loaded?: StreamRows,
): Promise<StreamRow[]> {
  if (request.includeAllActive && !isAdministrator(user)) {
    throw badRequest("User not authorized for this query");
  }
  const all = loaded?.streams ?? (await listStreams(ctx.db));
  if (request.includeAllActive) return sortByName(all);
  const ids = new Set<number>();
  if (request.includePublic && user.role !== ROLE.guest) {
    for (const stream of all) if (!stream.invite_only) ids.add(stream.id);
  }
  if (request.includeSubscribed) {
    for (const id of await subscribedIds(ctx, user.id, loaded)) ids.add(id);
  }
  if (request.includeOwnerSubscribed && user.is_bot && user.bot_owner_id !== null) {
    for (const stream of await listSubscribedStreams(ctx.db, user.bot_owner_id)) ids.add(stream.id);
  }
  return sortByName(all.filter((stream) => ids.has(stream.id)));
}

function sortByName(streams: readonly StreamRow[]): StreamRow[] {
  return [...streams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

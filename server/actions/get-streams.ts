import type { AppContext } from "../context";
import { listStreams, listSubscribedStreams, type StreamRow } from "../db/streams";
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

/**
 * `GET /streams`: the union of the sets asked for, sorted by name. `include_all_active` is for
 * administrators only (400 `User not authorized for this query`) and returns every stream;
 * guests never get public streams they are not subscribed to. Parley has no default and no
 * web-public streams, so `include_default` and `include_web_public` add nothing.
 */
export async function getStreams(
  ctx: AppContext,
  user: UserRow,
  request: GetStreamsRequest,
): Promise<StreamRow[]> {
  if (request.includeAllActive && !isAdministrator(user)) {
    throw badRequest("User not authorized for this query");
  }
  const all = await listStreams(ctx.db);
  if (request.includeAllActive) return sortByName(all);
  const ids = new Set<number>();
  if (request.includePublic && user.role !== ROLE.guest) {
    for (const stream of all) if (!stream.invite_only) ids.add(stream.id);
  }
  if (request.includeSubscribed) {
    for (const stream of await listSubscribedStreams(ctx.db, user.id)) ids.add(stream.id);
  }
  if (request.includeOwnerSubscribed && user.is_bot && user.bot_owner_id !== null) {
    for (const stream of await listSubscribedStreams(ctx.db, user.bot_owner_id)) ids.add(stream.id);
  }
  return sortByName(all.filter((stream) => ids.has(stream.id)));
}

function sortByName(streams: readonly StreamRow[]): StreamRow[] {
  return [...streams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

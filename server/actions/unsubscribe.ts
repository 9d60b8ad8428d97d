import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { invalidateStreamCache } from "../db/stream-cache";
import {
  deactivateSubscription,
  findStreamByName,
  isSubscribed,
  subscribersOfStreams,
  type StreamRow,
} from "../db/streams";
import { isAdministrator, listUsers, type UserRow } from "../db/users";
import { badRequest, streamDoesNotExist } from "../http/errors";
import { canManageStream, streamViewerIds } from "./stream-access";
import { publishPeerEvents } from "./subscription-events";
import { resolvePrincipals, type Principal } from "./subscription-principals";

/** A parsed `DELETE /users/me/subscriptions`. */
export interface UnsubscribeRequest {
  /** Stream names, as sent. */
  streamNames: readonly string[];
  /** The users to unsubscribe; the caller when absent or empty. */
  principals: readonly Principal[] | undefined;
}

/** The response fields of `DELETE /users/me/subscriptions`. */
export interface UnsubscribeResult {
  /** One name per (user, stream) unsubscribed, as Zulip lists them. */
  removed: string[];
  /** One name per (user, stream) that was not subscribed (the spec's name). */
  not_subscribed: string[];
  /** The same list under its later Zulip name. */
  not_removed: string[];
}

interface Outcome {
  result: UnsubscribeResult;
  /** Stream id → the users who left it. */
  left: Map<number, number[]>;
  streams: Map<number, StreamRow>;
  subscribersAfter: Map<number, number[]>;
  users: UserRow[];
}

/**
 * Zulip: one may always unsubscribe oneself and one's own bots; anyone else needs an
 * administrator (`can_remove_subscribers_group`, default administrators). Zulip 9 refuses with
 * 400 `BAD_REQUEST` "Insufficient permission" (UNAUTHORIZED_PRINCIPAL was the pre-FL 208 form).
 */
function checkMayUnsubscribe(caller: UserRow, people: readonly UserRow[]): void {
  const othersOnly = people.filter(
    (user) => user.id !== caller.id && user.bot_owner_id !== caller.id,
  );
  if (othersOnly.length > 0 && !isAdministrator(caller)) {
    throw badRequest("Insufficient permission");
  }
}

/**
 * The named streams, each once. An unknown name, and a private stream the caller may not
 * manage, are `STREAM_DOES_NOT_EXIST` with `stream` (the spec; real Zulip says BAD_REQUEST
 * "Stream(s) (x) do not exist"), so the answer is no oracle for private stream names.
 */
async function resolveStreams(
  tx: Queryable,
  caller: UserRow,
  names: readonly string[],
): Promise<StreamRow[]> {
  const streams = new Map<number, StreamRow>();
  for (const raw of names) {
    const name = raw.trim();
    // PostgreSQL refuses NUL in text; such a name cannot exist.
    const stream = name.includes("\0") ? undefined : await findStreamByName(tx, name);
    const callerIn = stream !== undefined && (await isSubscribed(tx, caller.id, stream.id));
    if (!stream || !canManageStream(caller, stream, callerIn)) throw streamDoesNotExist(name);
    streams.set(stream.id, stream);
  }
  return [...streams.values()];
}

async function writeUnsubscriptions(
  tx: Queryable,
  caller: UserRow,
  request: UnsubscribeRequest,
): Promise<Outcome> {
  const people = await resolvePrincipals(tx, caller, request.principals);
  checkMayUnsubscribe(caller, people);
  const streams = await resolveStreams(tx, caller, request.streamNames);
  const result: UnsubscribeResult = { removed: [], not_subscribed: [], not_removed: [] };
  const left = new Map<number, number[]>();
  for (const stream of streams) {
    for (const user of people) {
      if (await deactivateSubscription(tx, user.id, stream.id)) {
        result.removed.push(stream.name);
        left.set(stream.id, [...(left.get(stream.id) ?? []), user.id]);
      } else {
        result.not_subscribed.push(stream.name);
        result.not_removed.push(stream.name);
      }
    }
  }
  return {
    result,
    left,
    streams: new Map(streams.map((stream) => [stream.id, stream])),
    subscribersAfter: await subscribersOfStreams(tx, [...left.keys()]),
    users: await listUsers(tx),
  };
}

function publishUnsubscribeEvents(ctx: AppContext, outcome: Outcome): void {
  const perUser = new Map<number, StreamRow[]>();
  for (const [streamId, userIds] of outcome.left) {
    const stream = outcome.streams.get(streamId);
    if (!stream) continue;
    for (const userId of userIds) perUser.set(userId, [...(perUser.get(userId) ?? []), stream]);
  }
  for (const [userId, streams] of perUser) {
    const subscriptions = streams.map((stream) => ({ stream_id: stream.id, name: stream.name }));
    ctx.queues.publish([userId], () => ({ type: "subscription", op: "remove", subscriptions }));
  }
  const changes = [...outcome.left].map(([streamId, userIds]) => {
    const stream = outcome.streams.get(streamId);
    const subscribers = new Set(outcome.subscribersAfter.get(streamId) ?? []);
    return {
      streamId,
      userIds,
      viewerIds: stream ? streamViewerIds(outcome.users, stream, subscribers) : [],
    };
  });
  publishPeerEvents(ctx, "peer_remove", changes);
}

/**
 * `DELETE /users/me/subscriptions`: unsubscribes the principals (the caller by default) from
 * the named streams in one transaction; any refusal writes nothing. Publishes `subscription`
 * `remove` to each user who left and `peer_remove` to everyone who can still see each stream's
 * subscribers (a user who left a public stream still sees it, so hears about the others who
 * left with them; one who left a private stream no longer sees it at all).
 */
export async function unsubscribe(
  ctx: AppContext,
  caller: UserRow,
  request: UnsubscribeRequest,
): Promise<UnsubscribeResult> {
  const outcome = await ctx.db.transaction((tx) => writeUnsubscriptions(tx, caller, request));
  // The send path caches subscribers: it must not deliver by the old ones.
  invalidateStreamCache(ctx.db);
  publishUnsubscribeEvents(ctx, outcome);
  return outcome.result;
}

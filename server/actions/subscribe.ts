import type { ErrorResponse } from "../../common/wire/common";
import type { EventWithoutId } from "../../common/wire/events";
import { unixSeconds } from "../clock";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { invalidateStreamCache } from "../db/stream-cache";
import {
  findStreamById,
  findStreamByName,
  insertStreamIfAbsent,
  isSubscribed,
  subscribedStreamsAmong,
  subscribersOfStreams,
  subscriptionColors,
  upsertSubscription,
  type StreamRow,
  type SubscribedStreamRow,
} from "../db/streams";
import { isAdministrator, listUsers, ROLE, type UserRow } from "../db/users";
import { formatStream, formatSubscription } from "../format/stream";
import { ApiError, badRequest } from "../http/errors";
import { announceNewStreams } from "./announce-streams";
import { canSeeStream, streamViewerIds } from "./stream-access";
import { publishPeerEvents } from "./subscription-events";
import { resolvePrincipals, type Principal } from "./subscription-principals";

/** One entry of `subscriptions`: a stream to subscribe to, created if missing. */
export interface StreamSpec {
  /** Already checked with `checkStreamName`. */
  name: string;
  /** Used only when the stream is created. */
  description: string;
  /** The new subscriptions' colour; picked per user when absent. */
  color: string | undefined;
}

/** A parsed `POST /users/me/subscriptions`. */
export interface SubscribeRequest {
  streams: readonly StreamSpec[];
  /** Options of the streams this call creates. */
  inviteOnly: boolean;
  historyPublicToSubscribers: boolean | null;
  announce: boolean;
  /** The users to subscribe; the caller when absent or empty. */
  principals: readonly Principal[] | undefined;
  authorizationErrorsFatal: boolean;
}

/** The response fields of `POST /users/me/subscriptions`. */
export interface SubscribeResult {
  /** Email → names of streams newly subscribed to. */
  subscribed: Record<string, string[]>;
  /** Email → names of streams the user was already subscribed to. */
  already_subscribed: Record<string, string[]>;
  /** Streams the caller may not subscribe anyone to; only when errors are not fatal. */
  unauthorized?: string[];
}

/** Zulip's `Unable to access stream (x).` is an error with no `code` at all (spec, Errors 3). */
class UncodedApiError extends ApiError {
  override toBody(): ErrorResponse {
    const { code: _code, ...body } = super.toBody();
    return body;
  }
}

/** Zulip's STREAM_ASSIGNMENT_COLORS: a new subscription gets the first one the user lacks. */
const STREAM_COLORS = [
  "#76ce90", "#fae589", "#a6c7e5", "#e79ab5", "#bfd56f", "#f4ae55", "#b0a5fd", "#addfe5",
  "#f5ce6e", "#c2726a", "#94c849", "#bd86e5", "#ee7e4a", "#a6dcbf", "#95a5fd", "#53a063",
  "#9987e1", "#e4523d", "#c2c2c2", "#4f8de4", "#c6a8ad", "#e7cc4d", "#c8bebf", "#a47462",
]; // prettier-ignore

interface Target {
  stream: StreamRow;
  color: string | undefined;
}

/** What one call wrote, and what its events need; read inside its transaction. */
interface Outcome {
  result: SubscribeResult;
  created: StreamRow[];
  /** Streams by id, every stream someone joined. */
  streams: Map<number, StreamRow>;
  /** Stream id → the users who joined it. */
  joined: Map<number, number[]>;
  subscribersAfter: Map<number, number[]>;
  /** User id → their new subscriptions as rows. */
  newSubscriptions: Map<number, SubscribedStreamRow[]>;
  users: UserRow[];
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function createStream(
  tx: Queryable,
  spec: StreamSpec,
  request: SubscribeRequest,
  now: number,
): Promise<{ stream: StreamRow; created: boolean }> {
  const id = await insertStreamIfAbsent(tx, {
    name: spec.name,
    description: spec.description,
    inviteOnly: request.inviteOnly,
    // Zulip has no public streams with protected history; private ones default to protected.
    historyPublicToSubscribers: request.inviteOnly
      ? (request.historyPublicToSubscribers ?? false)
      : true,
    dateCreated: now,
  });
  // undefined: a concurrent request created it between our lookup and our insert.
  const stream = await (id === undefined
    ? findStreamByName(tx, spec.name)
    : findStreamById(tx, id));
  if (!stream) throw new Error(`stream ${spec.name} vanished inside its transaction`);
  return { stream, created: id !== undefined };
}

/**
 * The streams to subscribe to: existing ones the caller may use, plus new ones (created here).
 * Zulip's rule: a stream the caller can see, or any stream for an administrator subscribing
 * other users. Others are fatal (no `code`) or listed in `unauthorized`.
 */
async function resolveTargets(
  tx: Queryable,
  caller: UserRow,
  request: SubscribeRequest,
  subscribingOthers: boolean,
  now: number,
): Promise<{ targets: Target[]; created: StreamRow[]; unauthorized: string[] }> {
  const targets: Target[] = [];
  const created: StreamRow[] = [];
  const unauthorized: string[] = [];
  for (const spec of request.streams) {
    let stream = await findStreamByName(tx, spec.name);
    if (!stream) {
      // Guests may create no stream (Zulip's create_*_stream_policy: members).
      if (caller.role === ROLE.guest) throw badRequest("Insufficient permission");
      const made = await createStream(tx, spec, request, now);
      stream = made.stream;
      if (made.created) created.push(stream);
    }
    const isNew = created.includes(stream);
    const callerIn = !isNew && (await isSubscribed(tx, caller.id, stream.id));
    const mayUse =
      isNew ||
      canSeeStream(caller, stream, callerIn) ||
      (subscribingOthers && isAdministrator(caller));
    if (mayUse) targets.push({ stream, color: spec.color });
    else if (request.authorizationErrorsFatal) {
      throw new UncodedApiError(`Unable to access stream (${stream.name}).`);
    } else unauthorized.push(stream.name);
  }
  return { targets, created, unauthorized };
}

/** Picks colours per user: the first palette colour they do not use yet, as Zulip does. */
function colorPicker(tx: Queryable): (userId: number) => Promise<string> {
  const used = new Map<number, string[]>();
  return async (userId) => {
    const colors = used.get(userId) ?? (await subscriptionColors(tx, userId));
    const color =
      STREAM_COLORS.find((c) => !colors.includes(c)) ??
      STREAM_COLORS[colors.length % STREAM_COLORS.length] ??
      "#c2c2c2";
    used.set(userId, [...colors, color]);
    return color;
  };
}

async function writeSubscriptions(
  tx: Queryable,
  caller: UserRow,
  request: SubscribeRequest,
  now: number,
): Promise<Outcome> {
  const people = await resolvePrincipals(tx, caller, request.principals);
  const subscribingOthers = people.some((user) => user.id !== caller.id);
  // Zulip's invite_to_stream_policy (default: members), so never guests.
  if (subscribingOthers && caller.role === ROLE.guest) {
    throw badRequest("Insufficient permission");
  }
  const { targets, created, unauthorized } = await resolveTargets(
    tx,
    caller,
    request,
    subscribingOthers,
    now,
  );
  const result: SubscribeResult = { subscribed: {}, already_subscribed: {} };
  if (!request.authorizationErrorsFatal) result.unauthorized = unauthorized;
  const pickColor = colorPicker(tx);
  const joined = new Map<number, number[]>();
  const streams = new Map<number, StreamRow>();
  for (const { stream, color } of targets) {
    for (const user of people) {
      const isNew = await upsertSubscription(
        tx,
        user.id,
        stream.id,
        color ?? (await pickColor(user.id)),
      );
      const listed = isNew ? result.subscribed : result.already_subscribed;
      listed[user.email] = [...(listed[user.email] ?? []), stream.name];
      if (!isNew) continue;
      pushTo(joined, stream.id, user.id);
      streams.set(stream.id, stream);
    }
  }
  return { result, created, streams, joined, ...(await readAfter(tx, people, joined)) };
}

/** What the events need from after the writes: new subscription rows, subscribers, users. */
async function readAfter(
  tx: Queryable,
  people: readonly UserRow[],
  joined: ReadonlyMap<number, number[]>,
): Promise<Pick<Outcome, "subscribersAfter" | "newSubscriptions" | "users">> {
  const streamIds = [...joined.keys()];
  const newSubscriptions = new Map<number, SubscribedStreamRow[]>();
  for (const user of people) {
    const joinedIds = streamIds.filter((id) => joined.get(id)?.includes(user.id));
    if (joinedIds.length === 0) continue;
    newSubscriptions.set(user.id, await subscribedStreamsAmong(tx, user.id, joinedIds));
  }
  return {
    newSubscriptions,
    subscribersAfter: await subscribersOfStreams(tx, streamIds),
    users: await listUsers(tx),
  };
}

/**
 * `stream` `create`: a new stream to everyone who can now see it; an existing stream to the
 * new subscribers who could not see it before (a private stream, or a public one for a guest).
 */
function publishStreamCreations(ctx: AppContext, outcome: Outcome): void {
  ctx.renderContext.invalidate();
  const perUser = new Map<number, StreamRow[]>();
  for (const stream of outcome.created) {
    const subscribers = new Set(outcome.subscribersAfter.get(stream.id) ?? []);
    for (const userId of streamViewerIds(outcome.users, stream, subscribers)) {
      pushTo(perUser, userId, stream);
    }
  }
  const usersById = new Map(outcome.users.map((user) => [user.id, user]));
  for (const [streamId, userIds] of outcome.joined) {
    const stream = outcome.streams.get(streamId);
    if (!stream || outcome.created.includes(stream)) continue;
    for (const userId of userIds) {
      const user = usersById.get(userId);
      if (user && !canSeeStream(user, stream, false)) pushTo(perUser, userId, stream);
    }
  }
  for (const [userId, streams] of perUser) {
    const event: EventWithoutId<"stream"> = {
      type: "stream",
      op: "create",
      streams: streams.map(formatStream),
    };
    ctx.queues.publish([userId], () => ({ ...event }));
  }
}

/** The events of a subscribe call, in Zulip's order: stream creations, `add`, `peer_add`. */
function publishSubscribeEvents(ctx: AppContext, outcome: Outcome): void {
  publishStreamCreations(ctx, outcome);
  for (const [userId, rows] of outcome.newSubscriptions) {
    const subscriptions = rows.map((row) =>
      formatSubscription(row, outcome.subscribersAfter.get(row.id) ?? []),
    );
    ctx.queues.publish([userId], () => ({ type: "subscription", op: "add", subscriptions }));
  }
  const changes = [...outcome.joined].map(([streamId, userIds]) => {
    const stream = outcome.streams.get(streamId);
    const subscribers = new Set(outcome.subscribersAfter.get(streamId) ?? []);
    const viewers = stream ? streamViewerIds(outcome.users, stream, subscribers) : [];
    return { streamId, userIds, viewerIds: viewers.filter((id) => !userIds.includes(id)) };
  });
  publishPeerEvents(ctx, "peer_add", changes);
}

/**
 * `POST /users/me/subscriptions`: subscribes the principals (the caller by default) to the
 * streams, creating missing ones. Every write happens in one transaction, so any refusal (an
 * unknown principal, a guest creating a stream or subscribing others, a private stream the
 * caller cannot use when errors are fatal) leaves nothing written. Then publishes `stream`
 * `create`, `subscription` `add` to each new subscriber and `peer_add` to everyone else who can
 * see each stream, and finally (announce) a message from the welcome bot.
 */
export async function subscribe(
  ctx: AppContext,
  caller: UserRow,
  request: SubscribeRequest,
): Promise<SubscribeResult> {
  const now = unixSeconds(ctx.clock);
  const outcome = await ctx.db.transaction((tx) => writeSubscriptions(tx, caller, request, now));
  // The send path caches subscribers: it must not deliver by the old ones.
  invalidateStreamCache(ctx.db);
  publishSubscribeEvents(ctx, outcome);
  if (request.announce) await announceNewStreams(ctx, caller, outcome.created);
  return outcome.result;
}

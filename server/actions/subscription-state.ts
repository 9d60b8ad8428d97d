import type { Stream, Subscription } from "../../common/wire/streams";
import type { AppContext } from "../context";
import { subscribersByStream } from "../db/streams";
import type { UserRow } from "../db/users";
import { formatStream, formatSubscription } from "../format/stream";
import { loadStreamRows, type StreamRows } from "./get-streams";
import { canSeeStream } from "./stream-access";

/** The `subscription` part of the register snapshot (a type, so it can join the snapshot's). */
export type SubscriptionState = {
  /** The streams the user is subscribed to, with their own settings. */
  subscriptions: Subscription[];
  /** Streams the user was subscribed to and left (Zulip keeps these, colour and all). */
  unsubscribed: Subscription[];
  /** Streams the user can see and was never subscribed to. */
  never_subscribed: Stream[];
};

/**
 * Zulip's `subscriptions` / `unsubscribed` / `never_subscribed`, consistent with the events of
 * `subscribe` and `unsubscribe`: applying Zulip's rules to this snapshot gives the snapshot
 * after. With `includeSubscribers`, each entry lists the stream's subscribers when the user may
 * see them (see `canSeeStream`) and `[]` otherwise (a private stream one left, or a public one
 * a guest left), so a client clears the list of a stream it lost sight of. `loaded`: the rows
 * when the caller has read them already (register).
 */
export async function subscriptionState(
  ctx: AppContext,
  user: UserRow,
  includeSubscribers: boolean,
  loaded?: StreamRows,
): Promise<SubscriptionState> {
  const { subscriptions: rows, streams } = loaded ?? (await loadStreamRows(ctx, user));
  const subscribers = includeSubscribers ? await subscribersByStream(ctx.db) : undefined;
  const subscribersOf = (
    stream: { id: number; invite_only: boolean },
    isSubscribed: boolean,
  ): number[] | undefined => {
    if (!subscribers) return undefined;
    return canSeeStream(user, stream, isSubscribed) ? (subscribers.get(stream.id) ?? []) : [];
  };
  const known = new Set(rows.map((row) => row.id));
  const neverSubscribed = streams.filter(
    (stream) => !known.has(stream.id) && canSeeStream(user, stream, false),
  );
  return {
    subscriptions: rows
      .filter((row) => row.active)
      .map((row) => formatSubscription(row, subscribersOf(row, true))),
    unsubscribed: rows
      .filter((row) => !row.active)
      .map((row) => formatSubscription(row, subscribersOf(row, false))),
    never_subscribed: neverSubscribed.map((stream) => {
      const list = subscribersOf(stream, false);
      return { ...formatStream(stream), ...(list ? { subscribers: list } : {}) };
    }),
  };
}

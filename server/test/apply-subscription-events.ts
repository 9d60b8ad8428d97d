import type { State, TestEvent } from "./verify-action";

type Entry = Record<string, unknown> & { stream_id: number; subscribers?: number[] };

const LISTS = ["subscriptions", "unsubscribed", "never_subscribed"] as const;

function listOf(state: State, key: string): Entry[] {
  const value = state[key];
  // Register state of our own server; `stream_id` checked by the comparisons of the tests.
  return Array.isArray(value) ? (value as Entry[]) : [];
}

export interface Viewer {
  userId: number;
  isGuest: boolean;
  includeSubscribers: boolean;
}

function applyStreamCreate(state: State, event: TestEvent, viewer: Viewer): void {
  const streams = event["streams"] as Entry[]; // our server's event, shape asserted by tests
  for (const stream of streams) {
    if (stream["invite_only"] === true) continue;
    const entry: Entry = { ...structuredClone(stream) };
    if (viewer.includeSubscribers) entry.subscribers = [];
    state["never_subscribed"] = [...listOf(state, "never_subscribed"), entry];
  }
  const known: unknown = state["streams"];
  if (Array.isArray(known)) state["streams"] = [...(known as unknown[]), ...streams];
}

function applyAdd(state: State, event: TestEvent, viewer: Viewer): void {
  const added = event["subscriptions"] as Entry[]; // as above
  const ids = new Set(added.map((sub) => sub.stream_id));
  const existing = new Set(listOf(state, "subscriptions").map((sub) => sub.stream_id));
  for (const sub of added) {
    if (existing.has(sub.stream_id)) continue;
    const copy = structuredClone(sub);
    if (!viewer.includeSubscribers) delete copy.subscribers;
    state["subscriptions"] = [...listOf(state, "subscriptions"), copy];
  }
  for (const key of ["unsubscribed", "never_subscribed"]) {
    state[key] = listOf(state, key).filter((sub) => !ids.has(sub.stream_id));
  }
}

/**
 * Zulip's `remove`: the subscription moves to `unsubscribed`, without the user among its
 * subscribers. Our rule on top of Zulip's: a user who can no longer see the stream's subscribers
 * (a private stream, or any stream for a guest) keeps an empty list, since no `peer_*` event
 * will reach them for it any more.
 */
function applyRemove(state: State, event: TestEvent, viewer: Viewer): void {
  const removed = event["subscriptions"] as Entry[]; // as above
  const ids = new Set(removed.map((sub) => sub.stream_id));
  const moving = listOf(state, "subscriptions").filter((sub) => ids.has(sub.stream_id));
  for (const sub of moving) {
    if (!sub.subscribers) continue;
    const lostSight = sub["invite_only"] === true || viewer.isGuest;
    sub.subscribers = lostSight ? [] : sub.subscribers.filter((id) => id !== viewer.userId);
  }
  state["subscriptions"] = listOf(state, "subscriptions").filter((sub) => !ids.has(sub.stream_id));
  state["unsubscribed"] = [...listOf(state, "unsubscribed"), ...moving];
}

function applyPeer(state: State, event: TestEvent, isAdd: boolean): void {
  const streamIds = new Set(event["stream_ids"] as number[]); // as above
  const userIds = event["user_ids"] as number[]; // as above
  for (const key of LISTS) {
    for (const sub of listOf(state, key)) {
      if (!streamIds.has(sub.stream_id) || !sub.subscribers) continue;
      const next = new Set(sub.subscribers);
      for (const id of userIds) {
        if (isAdd) next.add(id);
        else next.delete(id);
      }
      sub.subscribers = [...next].sort((a, b) => a - b);
    }
  }
}

/**
 * Applies `stream` `create` and `subscription` events to register state the way Zulip's
 * `apply_event` does (zerver/lib/events.py), as a client would.
 */
export function subscriptionEventApplier(viewer: Viewer): (state: State, event: TestEvent) => void {
  return (state, event) => {
    if (event.type === "stream" && event["op"] === "create")
      applyStreamCreate(state, event, viewer);
    if (event.type !== "subscription") return;
    if (event["op"] === "add") applyAdd(state, event, viewer);
    if (event["op"] === "remove") applyRemove(state, event, viewer);
    if (event["op"] === "peer_add") applyPeer(state, event, true);
    if (event["op"] === "peer_remove") applyPeer(state, event, false);
  };
}

/** Sorts the subscription lists by stream id so that the order of appends does not matter. */
export function normalizeSubscriptionState(state: State): State {
  const copy: State = { ...state };
  for (const key of LISTS) {
    if (Array.isArray(copy[key])) {
      copy[key] = [...listOf(copy, key)].sort((a, b) => a.stream_id - b.stream_id);
    }
  }
  return copy;
}

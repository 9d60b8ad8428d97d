import type { EventWithoutId } from "../../common/wire/events";
import type { AppContext } from "../context";

/** One stream whose subscribers changed: who joined or left, and who may hear about it. */
export interface PeerChange {
  streamId: number;
  /** The users who joined (peer_add) or left (peer_remove). */
  userIds: readonly number[];
  /** Users who can see the stream's subscribers after the change and should be told. */
  viewerIds: Iterable<number>;
}

/**
 * Publishes Zulip's `subscription` `peer_add`/`peer_remove` events: each viewer of each changed
 * stream learns who joined or left, never about themselves (their own change travels as `add` or
 * `remove`). A viewer's streams with the same changed users share one event
 * `{stream_ids, user_ids}`, both sorted.
 */
export function publishPeerEvents(
  ctx: AppContext,
  op: "peer_add" | "peer_remove",
  changes: readonly PeerChange[],
): void {
  // viewer → (sorted user ids as a key → stream ids)
  const perViewer = new Map<number, Map<string, number[]>>();
  for (const change of changes) {
    for (const viewerId of change.viewerIds) {
      const userIds = [...new Set(change.userIds)].filter((id) => id !== viewerId);
      if (userIds.length === 0) continue;
      const key = userIds.sort((a, b) => a - b).join(",");
      const groups = perViewer.get(viewerId) ?? new Map<string, number[]>();
      groups.set(key, [...(groups.get(key) ?? []), change.streamId]);
      perViewer.set(viewerId, groups);
    }
  }
  for (const [viewerId, groups] of perViewer) {
    for (const [key, streamIds] of groups) {
      const event: EventWithoutId<"subscription"> = {
        type: "subscription",
        op,
        stream_ids: [...streamIds].sort((a, b) => a - b),
        user_ids: key.split(",").map(Number),
      };
      ctx.queues.publish([viewerId], () => ({ ...event }));
    }
  }
}

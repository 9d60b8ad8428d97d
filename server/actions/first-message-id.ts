import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { invalidateStreamCache } from "../db/stream-cache";
import { refreshFirstMessageIds, subscriberIds, type FirstMessageIdChange } from "../db/streams";

/** A corrected `first_message_id` and who hears of it. */
interface FirstMessageIdUpdate extends FirstMessageIdChange {
  subscribers: readonly number[];
}

/**
 * Zulip's `check_update_first_message_id` (`zerver/actions/message_delete.py`), inside the
 * transaction that removed messages from (or moved messages into) the streams: each stream's
 * `first_message_id` becomes its oldest remaining message. Returns what changed, for
 * `publishFirstMessageIds` after the commit.
 */
export async function updateFirstMessageIds(
  tx: Queryable,
  streamIds: readonly number[],
): Promise<FirstMessageIdUpdate[]> {
  const changes = await refreshFirstMessageIds(tx, streamIds);
  return Promise.all(
    changes.map(async (change) => ({ ...change, subscribers: await subscriberIds(tx, change.id) })),
  );
}

/**
 * After the commit: drops the send path's cached streams (it reads `first_message_id`), and
 * sends Zulip's `stream` `update` event (`property: "first_message_id"`) to each changed
 * stream's active subscribers.
 */
export function publishFirstMessageIds(
  ctx: AppContext,
  updates: readonly FirstMessageIdUpdate[],
): void {
  if (updates.length === 0) return;
  invalidateStreamCache(ctx.db);
  for (const update of updates) {
    ctx.queues.publish(update.subscribers, () => ({
      type: "stream",
      op: "update",
      property: "first_message_id",
      value: update.first_message_id,
      stream_id: update.id,
      name: update.name,
    }));
  }
}

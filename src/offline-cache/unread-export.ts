import type { UnreadMessages } from "../../common/wire/register";
import type { UnreadEntry } from "../stores/unread-data";

/**
 * The unread store's ids in register's `unread_msgs` shape, so that `snapshotLoaded` takes them
 * back as it takes the server's. A direct conversation's key lists the other participants:
 * one is a `pms` entry, several a `huddles` entry (which names every participant, us too).
 */
export function exportUnreads(
  entries: ReadonlyMap<number, UnreadEntry>,
  ownUserId: number,
  oldUnreadsMissing: boolean,
): UnreadMessages {
  const streams = new Map<string, UnreadMessages["streams"][number]>();
  const dms = new Map<string, number[]>();
  const mentions: number[] = [];
  for (const [id, { where, mentioned }] of entries) {
    if (mentioned) mentions.push(id);
    if (where.kind === "stream") {
      const key = JSON.stringify([where.streamId, where.topic]);
      let stream = streams.get(key);
      if (stream === undefined) {
        stream = { stream_id: where.streamId, topic: where.topic, unread_message_ids: [] };
        streams.set(key, stream);
      }
      stream.unread_message_ids.push(id);
    } else if (where.kind === "dm") {
      const ids = dms.get(where.key) ?? [];
      ids.push(id);
      dms.set(where.key, ids);
    }
  }
  const pms: UnreadMessages["pms"] = [];
  const huddles: UnreadMessages["huddles"] = [];
  for (const [key, ids] of dms) {
    const others = key.replace(/^dm:/, "").split(",").map(Number);
    const [only] = others;
    if (others.length === 1 && only !== undefined) {
      pms.push({ other_user_id: only, unread_message_ids: ids });
    } else {
      const everyone = [...others, ownUserId].sort((a, b) => a - b);
      huddles.push({ user_ids_string: everyone.join(","), unread_message_ids: ids });
    }
  }
  return {
    count: entries.size,
    streams: [...streams.values()],
    pms,
    huddles,
    mentions,
    old_unreads_missing: oldUnreadsMissing,
  };
}

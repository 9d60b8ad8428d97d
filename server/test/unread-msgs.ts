import { findUserByEmail } from "../db/users";
import type { State, TestEvent } from "./verify-action";
import type { TestServer } from "./test-server";

/** Zulip's `unread_msgs` register state, as our server builds it. */
interface UnreadMsgs {
  count: number;
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms: { other_user_id: number; sender_id: number; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  old_unreads_missing: boolean;
}

interface MessageDetails {
  type: "stream" | "private";
  stream_id?: number;
  topic?: string;
  user_ids?: number[];
  mentioned?: boolean;
}

type Bucket = { unread_message_ids: number[] };

function unreadOf(state: State): UnreadMsgs {
  return state["unread_msgs"] as UnreadMsgs; // the register response of our own server
}

function removeIds(unread: UnreadMsgs, ids: ReadonlySet<number>): void {
  const keep = <T extends Bucket>(buckets: T[]): T[] =>
    buckets
      .map((b) => ({ ...b, unread_message_ids: b.unread_message_ids.filter((id) => !ids.has(id)) }))
      .filter((b) => b.unread_message_ids.length > 0);
  unread.streams = keep(unread.streams);
  unread.pms = keep(unread.pms);
  unread.huddles = keep(unread.huddles);
  unread.mentions = unread.mentions.filter((id) => !ids.has(id));
}

function addToBucket<T extends Bucket>(
  buckets: T[],
  matches: (bucket: T) => boolean,
  create: () => T,
  id: number,
): void {
  const bucket = buckets.find(matches);
  if (bucket) {
    if (!bucket.unread_message_ids.includes(id)) bucket.unread_message_ids.push(id);
  } else {
    buckets.push({ ...create(), unread_message_ids: [id] });
  }
}

function addUnread(unread: UnreadMsgs, id: number, details: MessageDetails, me: number): void {
  if (details.type === "stream") {
    const streamId = details.stream_id ?? -1;
    const topic = details.topic ?? "";
    addToBucket(
      unread.streams,
      (b) => b.stream_id === streamId && b.topic.toLowerCase() === topic.toLowerCase(),
      () => ({ stream_id: streamId, topic, unread_message_ids: [] }),
      id,
    );
  } else if ((details.user_ids ?? []).length <= 1) {
    const other = details.user_ids?.[0] ?? me;
    addToBucket(
      unread.pms,
      (b) => b.other_user_id === other,
      () => ({ other_user_id: other, sender_id: other, unread_message_ids: [] }),
      id,
    );
  } else {
    const key = [...(details.user_ids ?? []), me].sort((a, b) => a - b).join(",");
    addToBucket(
      unread.huddles,
      (b) => b.user_ids_string === key,
      () => ({ user_ids_string: key, unread_message_ids: [] }),
      id,
    );
  }
  if (details.mentioned === true && !unread.mentions.includes(id)) unread.mentions.push(id);
}

function recount(unread: UnreadMsgs): void {
  unread.count = [...unread.streams, ...unread.pms, ...unread.huddles].reduce(
    (sum, bucket) => sum + bucket.unread_message_ids.length,
    0,
  );
}

/**
 * Applies `update_message_flags` (flag `read`) and `delete_message` events to `unread_msgs` as a
 * client would: reading removes ids; marking unread puts them back from `message_details`.
 */
export function applyUnreadEvent(state: State, event: TestEvent, me: number): void {
  const unread = unreadOf(state);
  if (event.type === "delete_message") {
    const ids = (event["message_ids"] as number[] | undefined) ?? [event["message_id"] as number];
    removeIds(unread, new Set(ids));
  } else if (event.type === "update_message_flags" && event["flag"] === "read") {
    if (event["op"] === "add" && event["all"] === true) {
      Object.assign(unread, { streams: [], pms: [], huddles: [], mentions: [] });
    } else if (event["op"] === "add") {
      removeIds(unread, new Set(event["messages"] as number[]));
    } else {
      const details = event["message_details"] as Record<string, MessageDetails>;
      for (const id of event["messages"] as number[]) {
        const detail = details[String(id)];
        if (detail) addUnread(unread, id, detail, me);
      }
    }
  }
  recount(unread);
}

/** `unread_msgs` in a canonical order: buckets by key, ids ascending. */
export function normalizeUnread(state: State): State {
  const unread = state["unread_msgs"] as UnreadMsgs | undefined;
  if (!unread) return state;
  const sortIds = <T extends Bucket>(b: T): T => ({
    ...b,
    unread_message_ids: [...b.unread_message_ids].sort((x, y) => x - y),
  });
  return {
    ...state,
    unread_msgs: {
      ...unread,
      streams: unread.streams
        .map(sortIds)
        .sort((a, b) => a.stream_id - b.stream_id || a.topic.localeCompare(b.topic)),
      pms: unread.pms.map(sortIds).sort((a, b) => a.other_user_id - b.other_user_id),
      huddles: unread.huddles
        .map(sortIds)
        .sort((a, b) => a.user_ids_string.localeCompare(b.user_ids_string)),
      mentions: [...unread.mentions].sort((a, b) => a - b),
    },
  };
}

/** The id of a demo user. */
export async function userIdOf(server: TestServer, email: string): Promise<number> {
  const user = await findUserByEmail(server.ctx.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

import { topicKey } from "../../lib/narrow";
import type { UnreadEntry } from "../../stores/unread-data";

/** What the Inbox needs of a subscribed stream. */
export interface InboxStream {
  readonly streamId: number;
  readonly name: string;
  readonly color: string;
  readonly pinned: boolean;
}

/** The key of the direct messages' folder (its collapse state is stored under it). */
export const DM_FOLDER_KEY = "dm";

/** The key of a stream's folder in the Inbox. */
export function streamFolderKey(streamId: number): string {
  return `stream:${streamId}`;
}

/** One line of the Inbox: a folder header (direct messages, a stream) or a conversation in it. */
export type InboxRow =
  | {
      readonly kind: "dm-folder";
      readonly key: string;
      readonly count: number;
      readonly isCollapsed: boolean;
    }
  | {
      readonly kind: "dm";
      /** `dmKey` of the other participants. */
      readonly key: string;
      readonly userIds: readonly number[];
      readonly name: string;
      readonly count: number;
      readonly maxId: number;
    }
  | {
      readonly kind: "stream";
      readonly key: string;
      readonly stream: InboxStream;
      readonly count: number;
      readonly isCollapsed: boolean;
    }
  | {
      readonly kind: "topic";
      /** `topicKey`: topics compare case-insensitively. */
      readonly key: string;
      readonly stream: InboxStream;
      /** As the newest unread message writes it. */
      readonly topic: string;
      readonly count: number;
      readonly maxId: number;
    };

/** What `inboxRows` reads besides the unread messages. */
export interface InboxRowOptions {
  /** Subscribed streams by id; unreads in any other stream are left out. */
  readonly streams: ReadonlyMap<number, InboxStream>;
  /** Names a direct conversation by its participants (the others, or [own id]). */
  readonly dmName: (userIds: readonly number[]) => string;
  /** Keys of the folders the user collapsed (`DM_FOLDER_KEY`, `streamFolderKey`). */
  readonly collapsed?: ReadonlySet<string> | undefined;
  /** The filter box's text: stream and topic names, or the participants' names. */
  readonly filter?: string | undefined;
  /** Muted topics (and the topics of muted streams) are left out, as Zulip's Inbox does. */
  readonly isMuted?: ((streamId: number, topic: string) => boolean) | undefined;
}

interface Conversation {
  count: number;
  maxId: number;
  /** The topic as its newest unread message writes it. */
  topic: string;
}

function userIdsOfKey(key: string): number[] {
  return key
    .slice(key.indexOf(":") + 1)
    .split(",")
    .filter((id) => id !== "")
    .map(Number);
}

function tally(map: Map<string, Conversation>, key: string, id: number, topic: string): void {
  const conversation = map.get(key);
  if (conversation === undefined) {
    map.set(key, { count: 1, maxId: id, topic });
    return;
  }
  conversation.count += 1;
  if (id > conversation.maxId) {
    conversation.maxId = id;
    conversation.topic = topic;
  }
}

const newestFirst = (a: [string, Conversation], b: [string, Conversation]) =>
  b[1].maxId - a[1].maxId;

function dmRows(
  dms: Map<string, Conversation>,
  options: InboxRowOptions,
  text: string,
): InboxRow[] {
  const rows = [...dms]
    .sort(newestFirst)
    .map(([key, { count, maxId }]): InboxRow & { kind: "dm" } => {
      const userIds = userIdsOfKey(key);
      return { kind: "dm", key, userIds, name: options.dmName(userIds), count, maxId };
    })
    .filter((row) => text === "" || row.name.toLowerCase().includes(text));
  if (rows.length === 0) return [];
  const isCollapsed = options.collapsed?.has(DM_FOLDER_KEY) === true;
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  return [
    { kind: "dm-folder", key: DM_FOLDER_KEY, count, isCollapsed },
    ...(isCollapsed ? [] : rows),
  ];
}

function streamRows(
  stream: InboxStream,
  topics: Map<string, Conversation>,
  options: InboxRowOptions,
  text: string,
): InboxRow[] {
  const rows = [...topics]
    .sort(newestFirst)
    .filter(
      ([, { topic }]) => text === "" || `${stream.name} ${topic}`.toLowerCase().includes(text),
    )
    .map(([key, { topic, count, maxId }]): InboxRow => ({
      kind: "topic",
      key,
      stream,
      topic,
      count,
      maxId,
    }));
  if (rows.length === 0) return [];
  const key = streamFolderKey(stream.streamId);
  const isCollapsed = options.collapsed?.has(key) === true;
  const count = rows.reduce((sum, row) => sum + (row.kind === "topic" ? row.count : 0), 0);
  return [{ kind: "stream", key, stream, count, isCollapsed }, ...(isCollapsed ? [] : rows)];
}

/**
 * The Inbox's rows, as Zulip's Inbox orders them: the direct conversations with unread messages
 * first (newest first), then each subscribed stream with unread messages (pinned first, then by
 * name), its topics newest first. A collapsed folder keeps its header (with its count) and hides
 * its conversations; the filter keeps conversations whose stream and topic (or participants)
 * contain its text, ignoring case; folders left empty by it are left out.
 */
export function inboxRows(
  unread: Iterable<readonly [number, UnreadEntry]>,
  options: InboxRowOptions,
): InboxRow[] {
  const isMuted = options.isMuted ?? (() => false);
  const dms = new Map<string, Conversation>();
  const byStream = new Map<number, Map<string, Conversation>>();
  for (const [id, { where }] of unread) {
    if (where.kind === "dm") {
      tally(dms, where.key, id, "");
    } else if (where.kind === "stream" && options.streams.has(where.streamId)) {
      if (isMuted(where.streamId, where.topic)) continue;
      let topics = byStream.get(where.streamId);
      if (topics === undefined) {
        topics = new Map();
        byStream.set(where.streamId, topics);
      }
      tally(topics, topicKey(where.streamId, where.topic), id, where.topic);
    }
  }
  const text = (options.filter ?? "").trim().toLowerCase();
  const streams = [...byStream.keys()]
    .flatMap((streamId) => {
      const stream = options.streams.get(streamId);
      return stream === undefined ? [] : [stream];
    })
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.name.localeCompare(b.name));
  return [
    ...dmRows(dms, options, text),
    ...streams.flatMap((stream) =>
      streamRows(
        stream,
        byStream.get(stream.streamId) ?? new Map<string, Conversation>(),
        options,
        text,
      ),
    ),
  ];
}

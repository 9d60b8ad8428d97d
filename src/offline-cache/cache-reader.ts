import type { QueryClient } from "@tanstack/react-query";
import type { Message } from "../../common/wire/message";
import { restoreMessages } from "../stores/message-restore";
import { mutingFromSnapshot } from "../stores/muting";
import { sessionStore } from "../stores/session-store";
import { unreadActions } from "../stores/unread-store";
import {
  cacheStateSchema,
  restoredNarrows,
  restoredQueries,
  type CacheState,
} from "./cache-contents";
import { readCacheRecords } from "./cache-database";
import { importSealKey, unseal } from "./cache-seal";
import { cacheDatabaseName } from "./cache-name";

/** What a cache read gives back: the state and the messages, checked. */
export interface ReadCache {
  readonly state: CacheState;
  readonly messages: Message[];
}

/** Enough of a message to be stored and shown; the rest is what we wrote ourselves. */
function isMessage(value: unknown): value is Message {
  if (typeof value !== "object" || value === null) return false;
  return (
    "id" in value &&
    typeof value.id === "number" &&
    "type" in value &&
    (value.type === "stream" || value.type === "private") &&
    "content" in value &&
    typeof value.content === "string"
  );
}

/**
 * Reads the cache `marker` names (`cache-start.ts`): null when there is none, it is of another
 * schema version, its state cannot be read (another key, corrupt), or it is another account's.
 * A chunk of messages that cannot be read is left out.
 */
export async function readCache(marker: string, ownUserId: number): Promise<ReadCache | null> {
  const [name = "", keyText = ""] = marker.split("\n");
  const key = keyText === "" ? null : await importSealKey(keyText);
  if (keyText !== "" && key === null) return null;
  const records = await readCacheRecords(name);
  if (records === null) return null;
  const parsed = cacheStateSchema.safeParse(await unseal(key, records.state));
  if (!parsed.success || parsed.data.ownUserId !== ownUserId) return null;
  const chunks = await Promise.all(records.chunks.map((chunk) => unseal(key, chunk)));
  const messages = chunks.flatMap((chunk) => (Array.isArray(chunk) ? chunk.filter(isMessage) : []));
  return { state: parsed.data, messages };
}

/** Puts a read cache into the query caches and the message and unread stores. */
function hydrateFromCache(queryClient: QueryClient, cache: ReadCache): void {
  const { state, messages } = cache;
  for (const [key, data] of restoredQueries(state)) queryClient.setQueryData(key, data);
  restoreMessages({ messages, narrows: restoredNarrows(state) }, state.ownUserId);
  unreadActions.snapshotLoaded(state.unreads, state.ownUserId);
  const mutedStreams = state.mutedStreams.map((id) => ({ stream_id: id, is_muted: true }));
  unreadActions.mutingLoaded(mutingFromSnapshot(mutedStreams, state.userTopics));
}

/**
 * Start from the cache: read it and, unless register answered meanwhile (the server's state is
 * newer then) or the account changed, put it in place. Register then reconciles it like a
 * resync: its snapshot replaces the caches and unreads, and each narrow's first fetch replaces
 * its cached ids.
 */
export async function restoreCache(queryClient: QueryClient, marker: string): Promise<boolean> {
  const ownUserId = sessionStore.getState().credentials?.userId;
  if (ownUserId === undefined) return false;
  // Marks for the warm-start benchmark (bench/warm-open.ts): when the read began and ended, and
  // whether it was put in place or came after register.
  performance.mark("parley:cache-read-start");
  const cache = await readCache(marker, ownUserId).catch(() => null);
  performance.mark("parley:cache-read-end");
  const session = sessionStore.getState();
  if (cache === null || session.queueId !== null) return false;
  if (cacheDatabaseName() !== marker.split("\n")[0]) return false;
  hydrateFromCache(queryClient, cache);
  performance.mark("parley:cache-restored");
  return true;
}

import type { Queryable } from "./database";
import { findStreamById, findStreamByName, subscriberIds, type StreamRow } from "./streams";

/** A stream as the send path needs it: the row and its active subscribers. */
export interface CachedStream {
  readonly row: StreamRow;
  /** Active subscribers, ascending. */
  readonly subscriberIds: readonly number[];
  readonly subscribers: ReadonlySet<number>;
}

/**
 * A safety net only: every action that changes streams or subscriptions calls
 * `invalidateStreamCache`, so entries are never stale for longer than that; a writer that
 * forgot to (or SQL run by hand) is corrected after this long.
 */
export const STREAM_CACHE_TTL_MS = 10_000;

interface Entry {
  stream: CachedStream;
  loadedAt: number;
}

/**
 * Streams by the name or id they were asked for, with their subscribers, for one database.
 * Names are keyed exactly as asked: whether two spellings name the same stream is the
 * database's decision (`lower()` in SQL), never guessed here. Unknown streams are not cached.
 */
export class StreamCache {
  private readonly entries = new Map<string, Entry>();
  private version = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Increases on every invalidation: a plan made under an older generation must be redone. */
  get generation(): number {
    return this.version;
  }

  /** Forgets everything; called after any change to streams or subscriptions has committed. */
  invalidate(): void {
    this.entries.clear();
    this.version++;
  }

  /** The stream `ref` names (a name or an id), read from `db` when not cached or expired. */
  async find(db: Queryable, ref: string | number): Promise<CachedStream | undefined> {
    const key = typeof ref === "number" ? `#${ref}` : `=${ref}`;
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.loadedAt < STREAM_CACHE_TTL_MS) return entry.stream;
    const generation = this.version;
    const loadedAt = this.now();
    const row =
      typeof ref === "number" ? await findStreamById(db, ref) : await findStreamByName(db, ref);
    if (!row) return undefined;
    const ids = await subscriberIds(db, row.id);
    const stream: CachedStream = { row, subscriberIds: ids, subscribers: new Set(ids) };
    // A change that committed while we read may have been missed by the read: keep the result
    // for this caller only.
    if (generation === this.version) this.entries.set(key, { stream, loadedAt });
    return stream;
  }

  /** Records a stream's first message (written by the send that holds `messageId`). */
  noteFirstMessage(streamId: number, messageId: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.stream.row.id !== streamId || entry.stream.row.first_message_id !== null) continue;
      const row = { ...entry.stream.row, first_message_id: messageId };
      this.entries.set(key, { ...entry, stream: { ...entry.stream, row } });
    }
  }
}

const caches = new WeakMap<object, StreamCache>();

/** The stream cache of `db` (one per database object, shared by every app built on it). */
export function streamCacheOf(db: object): StreamCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StreamCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Drops what the send path has cached about streams and subscriptions of `db`. Every action
 * that subscribes, unsubscribes, renames, deactivates or changes the privacy of a stream calls
 * this after its transaction commits.
 */
export function invalidateStreamCache(db: object): void {
  caches.get(db)?.invalidate();
}

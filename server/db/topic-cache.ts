import type { TopicRow } from "./streams";

/**
 * The topics of streams whose history is public to subscribers (the same list for everyone who
 * may read it), by stream id, for one database: a switch to a stream asks for its topics, and
 * most switches find no message written to it since the last. Every action that writes a
 * stream's messages drops what it changed after its transaction commits: a send its stream
 * (`topicsWritten`), an edit or a deletion everything (`messagesRewritten`). A read that
 * overlapped a drop is answered but not kept.
 */
export class TopicCache {
  private readonly entries = new Map<number, readonly TopicRow[]>();
  private version = 0;

  /** The topics of `streamId`, from `read` unless cached. */
  async find(streamId: number, read: () => Promise<TopicRow[]>): Promise<readonly TopicRow[]> {
    const cached = this.entries.get(streamId);
    if (cached !== undefined) return cached;
    const version = this.version;
    const rows = await read();
    if (version === this.version) this.entries.set(streamId, rows);
    return rows;
  }

  /** A message was written to `streamId`. */
  dropStream(streamId: number): void {
    this.entries.delete(streamId);
    this.version++;
  }

  /** Messages were edited, moved or deleted. */
  dropAll(): void {
    this.entries.clear();
    this.version++;
  }
}

const caches = new WeakMap<object, TopicCache>();

/** The topic cache of `db` (one per database object, shared by every app built on it). */
export function topicCacheOf(db: object): TopicCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TopicCache();
    caches.set(db, cache);
  }
  return cache;
}

/** A message was committed to `streamId` (a send). */
export function topicsWritten(db: object, streamId: number): void {
  caches.get(db)?.dropStream(streamId);
}

/** Messages were edited, moved between streams or topics, or deleted (committed). */
export function messagesRewritten(db: object): void {
  caches.get(db)?.dropAll();
}

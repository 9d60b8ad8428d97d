import { deleteDatabase, openDatabase, requestResult, transactionDone } from "./idb";
import type { SealedRecord } from "./cache-seal";

/**
 * The layout of the cache database, as its IndexedDB version and in its `schema` record. Raise
 * it with any change of what is stored: a database of another version, older or newer, is
 * deleted and started afresh, never read.
 */
export const CACHE_SCHEMA_VERSION = 1;

/** `schema` (the version) and `state` (everything but the messages), by those keys. */
const META = "meta";
/** The messages, in chunks by id (`chunkOf`): one record per chunk. */
const CHUNKS = "chunks";

/** Messages are stored by id range, so a change rewrites one chunk, not the whole cache. */
const CHUNK_SIZE = 500;

/** The chunk a message id is kept in. */
export function chunkOf(id: number): number {
  return Math.floor(id / CHUNK_SIZE);
}

/** What was read: the records, still sealed. */
export interface CacheRecords {
  readonly state: unknown;
  readonly chunks: unknown[];
}

function isCurrentSchema(record: unknown): boolean {
  return (
    typeof record === "object" &&
    record !== null &&
    "version" in record &&
    record.version === CACHE_SCHEMA_VERSION
  );
}

/**
 * Reads the account's cache; null when there is none, or it is of another schema version (then
 * it is deleted). Creates nothing.
 */
export async function readCacheRecords(name: string): Promise<CacheRecords | null> {
  let db: IDBDatabase;
  try {
    db = await openDatabase(name, undefined, (_db, _old, transaction) => {
      transaction.abort(); // There was no database: leave it so.
    });
  } catch {
    return null;
  }
  try {
    const isKnown = db.version === CACHE_SCHEMA_VERSION && db.objectStoreNames.contains(META);
    const transaction = isKnown ? db.transaction([META, CHUNKS], "readonly") : undefined;
    const [schema, state, chunks] = transaction
      ? await Promise.all([
          requestResult(transaction.objectStore(META).get("schema")),
          requestResult(transaction.objectStore(META).get("state")),
          requestResult(transaction.objectStore(CHUNKS).getAll()),
        ])
      : [];
    if (isCurrentSchema(schema) && Array.isArray(chunks)) return { state, chunks };
  } catch {
    // A database that cannot be read is as good as another version's.
  } finally {
    db.close();
  }
  await deleteDatabase(name).catch(() => undefined);
  return null;
}

/**
 * Opens the account's cache for writing, at this schema version: an older one is emptied and
 * rebuilt, a newer one (a later Parley in another tab) deleted first.
 */
export async function openCacheForWriting(name: string): Promise<IDBDatabase> {
  const open = () =>
    openDatabase(name, CACHE_SCHEMA_VERSION, (db) => {
      for (const store of [...db.objectStoreNames]) db.deleteObjectStore(store);
      db.createObjectStore(META);
      db.createObjectStore(CHUNKS);
    });
  try {
    return await open();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "VersionError")) throw error;
    await deleteDatabase(name);
    return open();
  }
}

/** One write: the state, the chunks that changed (null: the chunk is gone), all in one transaction. */
export interface CacheWrite {
  readonly state: SealedRecord;
  readonly chunks: ReadonlyMap<number, SealedRecord | null>;
  /** Drop every chunk first (the first write of a page, which knows nothing of what is there). */
  readonly isFull: boolean;
}

export async function writeCacheRecords(db: IDBDatabase, write: CacheWrite): Promise<void> {
  const transaction = db.transaction([META, CHUNKS], "readwrite");
  const done = transactionDone(transaction);
  const meta = transaction.objectStore(META);
  const chunks = transaction.objectStore(CHUNKS);
  if (write.isFull) chunks.clear();
  meta.put({ version: CACHE_SCHEMA_VERSION }, "schema");
  meta.put(write.state, "state");
  for (const [chunk, record] of write.chunks) {
    if (record === null) chunks.delete(chunk);
    else chunks.put(record, chunk);
  }
  await done;
}

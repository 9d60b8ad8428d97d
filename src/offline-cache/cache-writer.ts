import type { QueryClient } from "@tanstack/react-query";
import type { Message } from "../../common/wire/message";
import { getMessage, messageStore } from "../stores/message-store";
import { getHeldNarrows } from "../stores/message-restore";
import { sessionStore } from "../stores/session-store";
import { currentUnreadEntries, unreadStore } from "../stores/unread-store";
import { collectContents, type CacheSources } from "./cache-contents";
import { chunkOf, openCacheForWriting, writeCacheRecords } from "./cache-database";
import { cacheDatabaseName, CACHE_MARKER_KEY, markerStorage, readMarker } from "./cache-name";
import { importSealKey, newSealKey, seal, type SealedRecord } from "./cache-seal";
import { deleteDatabase } from "./idb";
import { exportUnreads } from "./unread-export";

/** A save runs this long after the last change (and at once when the page is hidden). */
const SAVE_DELAY_MS = 1_500;

/** The app's stores and caches as a save reads them. */
function appSources(queryClient: QueryClient, ownUserId: number): CacheSources {
  const messages = messageStore.getState();
  const unreads = unreadStore.getState();
  return {
    ownUserId,
    queryClient,
    narrows: getHeldNarrows(messages),
    message: (id) => getMessage(messages, id),
    unreads: exportUnreads(currentUnreadEntries(), ownUserId, unreads.oldUnreadsMissing),
    muting: unreads.muting,
  };
}

/** An open cache and the key its records are sealed with (none when the session is remembered). */
interface Target {
  readonly db: IDBDatabase;
  readonly key: CryptoKey | null;
}

/**
 * Opens the account's cache for this page. Without a marker (the first save of this session, or
 * a tab-only session whose key went with its tab) whatever is there is deleted first, and a
 * marker written, with a new key when the session is kept in this tab only.
 */
async function prepare(name: string): Promise<Target> {
  const isSealed = !sessionStore.getState().isRemembered;
  const marker = readMarker(name);
  const keyText = marker?.split("\n")[1] ?? "";
  let key = isSealed && keyText !== "" ? await importSealKey(keyText) : null;
  if (marker === null || (isSealed && key === null)) {
    await deleteDatabase(name);
    const fresh = isSealed ? await newSealKey() : null;
    key = fresh?.key ?? null;
    markerStorage().setItem(CACHE_MARKER_KEY, `${name}\n${fresh?.text ?? ""}`);
  }
  return { db: await openCacheForWriting(name), key };
}

/** The chunks whose messages changed since `written` (new, replaced or gone). */
function changedChunks(
  written: ReadonlyMap<number, Message>,
  messages: ReadonlyMap<number, Message>,
): Set<number> {
  const chunks = new Set<number>();
  for (const [id, message] of messages) if (written.get(id) !== message) chunks.add(chunkOf(id));
  for (const id of written.keys()) if (!messages.has(id)) chunks.add(chunkOf(id));
  return chunks;
}

/**
 * Saves the logged-in account's stores to its cache: 1.5 s after they change, and at once when
 * the page is hidden or left. The first save writes everything; later ones the state record and
 * only the chunks of messages whose object changed (the store publishes a new object for each
 * change) or that left the budget. Stops, without another write, when the account changes
 * (logout deletes the database). Returns the stop function.
 */
export function startCacheWriter(queryClient: QueryClient): () => void {
  const name = cacheDatabaseName();
  const ownUserId = sessionStore.getState().credentials?.userId;
  if (name === null || ownUserId === undefined) return () => undefined;
  let target: Promise<Target> | undefined;
  let written = new Map<number, Message>();
  let isFirst = true;
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving = Promise.resolve();
  const isCurrent = () => !isStopped && cacheDatabaseName() === name;

  const save = async (): Promise<void> => {
    if (!isCurrent()) return;
    const { db, key } = await (target ??= prepare(name));
    const contents = collectContents(appSources(queryClient, ownUserId));
    const dirty = changedChunks(isFirst ? new Map() : written, contents.messages);
    const byChunk = new Map<number, Message[]>();
    for (const [id, message] of contents.messages) {
      const chunk = chunkOf(id);
      if (!dirty.has(chunk)) continue;
      const list = byChunk.get(chunk);
      if (list === undefined) byChunk.set(chunk, [message]);
      else list.push(message);
    }
    const chunks = new Map<number, SealedRecord | null>();
    for (const chunk of dirty) {
      const messages = byChunk.get(chunk);
      chunks.set(chunk, messages === undefined ? null : await seal(key, messages));
    }
    const state = await seal(key, contents.state);
    if (!isCurrent()) return;
    await writeCacheRecords(db, { state, chunks, isFull: isFirst });
    written = new Map(contents.messages);
    isFirst = false;
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    saving = saving.then(save).catch((error: unknown) => {
      console.warn("Saving the offline cache failed", error);
    });
  };
  const schedule = () => {
    timer ??= setTimeout(flush, SAVE_DELAY_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden" && timer !== undefined) flush();
  };
  const onPageHide = () => {
    if (timer !== undefined) flush();
  };

  const unsubscribers = [
    messageStore.subscribe(schedule),
    unreadStore.subscribe(schedule),
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success") schedule();
    }),
    sessionStore.subscribe(() => {
      if (!isCurrent()) stop();
    }),
  ];
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);

  function stop(): void {
    isStopped = true;
    clearTimeout(timer);
    for (const unsubscribe of unsubscribers) unsubscribe();
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", onPageHide);
    target?.then(
      ({ db }) => {
        db.close();
      },
      () => undefined,
    );
  }
  flush();
  return stop;
}

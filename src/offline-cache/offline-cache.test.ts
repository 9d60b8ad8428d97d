// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endSession, startSession } from "../features/login/session-actions";
import { streamNarrow } from "../lib/narrow";
import { streamQueries } from "../queries/stream-queries";
import { getMessage, getNarrowState, messageStore } from "../stores/message-store";
import { sessionStore } from "../stores/session-store";
import { allUnread, unreadStore } from "../stores/unread-store";
import * as eg from "../test/example-data";
import { fetchInto, streamMessages } from "../test/store-messages";
import { cacheDatabaseName, CACHE_MARKER_KEY, readMarker } from "./cache-name";
import { CACHE_SCHEMA_VERSION, readCacheRecords } from "./cache-database";
import { readCache, restoreCache } from "./cache-reader";
import { restoreOfflineCache } from "./cache-start";
import { startCacheWriter } from "./cache-writer";
import { openDatabase, requestResult } from "./idb";

const general = streamNarrow(eg.general.stream_id, eg.general.name);
const GENERAL = { ...eg.general, description: "", invite_only: false };
const IAGO = { email: eg.iago.email, apiKey: "iago-key", userId: eg.iago.user_id };
const HAMLET = { email: eg.hamlet.email, apiKey: "hamlet-key", userId: eg.hamlet.user_id };

let queryClient = new QueryClient();
let stopWriter: (() => void) | undefined;

afterEach(async () => {
  stopWriter?.();
  stopWriter = undefined;
  endSession(queryClient);
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await indexedDB.databases()) {
    if (name !== undefined) await requestResult(indexedDB.deleteDatabase(name));
  }
});

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).flatMap(({ name }) => (name === undefined ? [] : [name]));
}

/** Logs in and fills the stores as a session would: #general fetched, one unread, the streams. */
function loggedInWithData(credentials = IAGO, remember = false) {
  queryClient = new QueryClient();
  startSession(queryClient, credentials, { remember });
  messageStore.getState().sessionStarted(credentials.userId);
  fetchInto(messageStore, general, streamMessages(1, 2, 3));
  unreadStore.getState().snapshotLoaded(
    {
      count: 1,
      streams: [{ stream_id: eg.general.stream_id, topic: "lunch", unread_message_ids: [3] }],
      pms: [],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
    credentials.userId,
  );
  queryClient.setQueryData(streamQueries.list().queryKey, [GENERAL]);
}

/** Starts the writer and waits for its first write. */
async function written(): Promise<string> {
  stopWriter = startCacheWriter(queryClient);
  const name = cacheDatabaseName()!;
  await vi.waitFor(async () => {
    expect(await readCacheRecords(name)).not.toBeNull();
  });
  return readMarker(name)!;
}

/** What a reload finds: empty stores and caches, the same session. */
function reloaded() {
  stopWriter?.();
  stopWriter = undefined;
  messageStore.getState().reset();
  unreadStore.getState().reset();
  queryClient.clear();
}

describe("the offline cache", () => {
  it("gives back the messages, narrows, unreads and query caches it saved", async () => {
    loggedInWithData();
    const marker = await written();
    reloaded();
    expect(await restoreCache(queryClient, marker)).toBe(true);
    expect(getNarrowState(messageStore.getState(), general)).toMatchObject({
      ids: [1, 2, 3],
      found_newest: false,
      hasFetched: false,
    });
    expect(getMessage(messageStore.getState(), 2)?.content).toBe("<p>Message 2</p>");
    expect(allUnread(unreadStore.getState())).toBe(1);
    expect(queryClient.getQueryData(streamQueries.list().queryKey)).toEqual([GENERAL]);
  });

  it("is not put in place once register has answered", async () => {
    loggedInWithData();
    const marker = await written();
    reloaded();
    sessionStore.getState().queueRegistered("queue-1");
    expect(await restoreCache(queryClient, marker)).toBe(false);
    expect(getNarrowState(messageStore.getState(), general)).toBeUndefined();
  });

  it("is named after the server and the user, never the API key", () => {
    loggedInWithData();
    const name = cacheDatabaseName()!;
    expect(name).toContain(String(IAGO.userId));
    expect(name).toContain(location.origin);
    expect(name).not.toContain(IAGO.apiKey);
  });

  it("is deleted at logout, with its marker", async () => {
    loggedInWithData();
    const name = cacheDatabaseName()!;
    await written();
    expect(await databaseNames()).toContain(name);
    endSession(queryClient);
    await vi.waitFor(async () => {
      expect(await databaseNames()).not.toContain(name);
    });
    expect(sessionStorage.getItem(CACHE_MARKER_KEY)).toBeNull();
    expect(localStorage.getItem(CACHE_MARKER_KEY)).toBeNull();
  });

  it("of one account is never read by another logging in in the same browser", async () => {
    loggedInWithData(IAGO, true);
    const iagos = cacheDatabaseName()!;
    await written();
    reloaded();
    startSession(queryClient, HAMLET, { remember: true });
    restoreOfflineCache(queryClient);
    expect(readMarker(cacheDatabaseName()!)).toBeNull();
    expect(cacheDatabaseName()).not.toBe(iagos);
    // Iago's database is not Hamlet's, and nothing of it came into the stores.
    await vi.waitFor(async () => {
      expect(await databaseNames()).toEqual([iagos]);
    });
    expect(getMessage(messageStore.getState(), 1)).toBeUndefined();
  });

  it("of a session kept in the tab is encrypted, and discarded unread once the tab's key is gone", async () => {
    loggedInWithData(IAGO, false);
    const name = cacheDatabaseName()!;
    const marker = await written();
    const records = await readCacheRecords(name);
    expect(JSON.stringify(records)).not.toContain("Message 2");
    expect(records!.state).toHaveProperty("iv");
    reloaded();
    // A new tab of this session would have no key: the marker (and the key in it) is gone.
    sessionStorage.removeItem(CACHE_MARKER_KEY);
    restoreOfflineCache(queryClient);
    await vi.waitFor(async () => {
      expect(await databaseNames()).not.toContain(name);
    });
    expect(getMessage(messageStore.getState(), 1)).toBeUndefined();
    // And another tab's key does not open it either.
    expect(await readCache(marker.replace(/\n.*/, "\nAAAA"), IAGO.userId)).toBeNull();
  });

  it("of a remembered session is kept as JSON, without a key", async () => {
    loggedInWithData(IAGO, true);
    const marker = await written();
    expect(marker.split("\n")[1]).toBe("");
    expect(localStorage.getItem(CACHE_MARKER_KEY)).toBe(marker);
    expect(sessionStorage.getItem(CACHE_MARKER_KEY)).toBeNull();
  });
});

describe("a cache of another schema version, or corrupt", () => {
  async function storeRecords(name: string, version: number, state: unknown, chunk: unknown) {
    const db = await openDatabase(name, version, (created) => {
      created.createObjectStore("meta");
      created.createObjectStore("chunks");
    });
    const transaction = db.transaction(["meta", "chunks"], "readwrite");
    transaction.objectStore("meta").put({ version }, "schema");
    transaction.objectStore("meta").put(state, "state");
    transaction.objectStore("chunks").put(chunk, 0);
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    db.close();
  }

  it.each([CACHE_SCHEMA_VERSION + 1, CACHE_SCHEMA_VERSION + 7])(
    "is deleted, never read, at version %i",
    async (version) => {
      await storeRecords("parley-cache x 1", version, { json: "{}" }, { json: "[]" });
      expect(await readCacheRecords("parley-cache x 1")).toBeNull();
      expect(await databaseNames()).toEqual([]);
    },
  );

  it("is deleted when its schema record names another version", async () => {
    const db = await openDatabase("parley-cache x 1", CACHE_SCHEMA_VERSION, (created) => {
      created.createObjectStore("meta");
      created.createObjectStore("chunks");
    });
    const transaction = db.transaction(["meta"], "readwrite");
    transaction.objectStore("meta").put({ version: 0 }, "schema");
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    db.close();
    expect(await readCacheRecords("parley-cache x 1")).toBeNull();
    expect(await databaseNames()).toEqual([]);
  });

  it("reads as nothing when its state is corrupt, and leaves out a corrupt chunk", async () => {
    loggedInWithData(IAGO, true);
    const name = cacheDatabaseName()!;
    const marker = await written();
    const good = await readCacheRecords(name);
    stopWriter?.();
    await storeRecords(name, CACHE_SCHEMA_VERSION, good!.state, { json: "not json" });
    expect(await readCache(marker, IAGO.userId)).toMatchObject({ messages: [] });
    await storeRecords(name, CACHE_SCHEMA_VERSION, { json: '{"ownUserId":"x"}' }, { json: "[]" });
    expect(await readCache(marker, IAGO.userId)).toBeNull();
  });
});

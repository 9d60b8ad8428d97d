import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../test/events-fakes";
import {
  createSessionStore,
  INITIAL_CONNECTION,
  SESSION_STORAGE_KEY,
  type ConnectionInfo,
} from "./session-store";

const iago = { email: "iago@parley.test", apiKey: "secret", userId: 10 };
const hamlet = { email: "hamlet@parley.test", apiKey: "other", userId: 11 };

/** A tab's storage and the device's, as the app has them. */
function storages() {
  const storage = memoryStorage();
  const persistentStorage = memoryStorage();
  return { storage, persistentStorage };
}

/** A storage whose every call throws, like one blocked by the browser's privacy settings. */
function blockedStorage() {
  const refuse = () => {
    throw new DOMException("blocked", "SecurityError");
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}

describe("session store", () => {
  it("persists credentials for the tab and restores them", () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage });
    expect(store.getState().credentials).toBeNull();
    expect(store.getState().client.auth).toBeUndefined();
    store.getState().login(iago);
    expect(store.getState().client.auth).toEqual({ email: iago.email, apiKey: iago.apiKey });
    expect(createSessionStore({ storage }).getState().credentials).toEqual(iago);
  });

  it("logout clears credentials and the queue and keeps a notice", () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage });
    store.getState().login(iago);
    store.getState().queueRegistered("q1");
    store.getState().connectionChanged({ ...INITIAL_CONNECTION, state: "live" });
    store.getState().logout("Your session has ended.");
    expect(store.getState()).toMatchObject({
      credentials: null,
      queueId: null,
      connection: INITIAL_CONNECTION,
      connectionState: "connecting",
      notice: "Your session has ended.",
    });
    expect(storage.items.size).toBe(0);
  });

  it("ignores malformed stored credentials", () => {
    const storage = memoryStorage();
    storage.setItem("parley.session", '{"email": 5}');
    expect(createSessionStore({ storage }).getState().credentials).toBeNull();
    storage.setItem("parley.session", "not json");
    expect(createSessionStore({ storage }).getState().credentials).toBeNull();
  });

  it("keeps the machine's connection info and passes retry-now to it", () => {
    const store = createSessionStore();
    const reconnecting: ConnectionInfo = {
      state: "reconnecting",
      since: 1000,
      nextAttemptAt: 5000,
      failures: 3,
      lastError: "Failed to fetch",
    };
    store.getState().connectionChanged(reconnecting);
    expect(store.getState().connection).toBe(reconnecting);
    expect(store.getState().connectionState).toBe("reconnecting");

    store.getState().retryConnectionNow(); // no machine yet: nothing happens
    const retry = vi.fn();
    store.getState().connectionRetryProvided(retry);
    store.getState().retryConnectionNow();
    expect(retry).toHaveBeenCalledTimes(1);
    store.getState().connectionRetryProvided(null);
    store.getState().retryConnectionNow();
    expect(retry).toHaveBeenCalledTimes(1);
  });

  describe("where credentials are kept", () => {
    it("keeps them in the tab only unless asked to remember", () => {
      const both = storages();
      const store = createSessionStore(both);
      store.getState().login(iago);
      expect(both.storage.items.has(SESSION_STORAGE_KEY)).toBe(true);
      expect(both.persistentStorage.items.size).toBe(0);
      expect(store.getState().isRemembered).toBe(false);
      // A new tab has an empty sessionStorage: nobody is logged in there.
      const newTab = createSessionStore({ ...both, storage: memoryStorage() });
      expect(newTab.getState().credentials).toBeNull();
    });

    it("keeps them on the device when asked to, so a new tab is logged in", () => {
      const both = storages();
      const store = createSessionStore(both);
      store.getState().login(iago, { remember: true });
      expect(both.persistentStorage.items.has(SESSION_STORAGE_KEY)).toBe(true);
      expect(both.storage.items.size).toBe(0);
      expect(store.getState().isRemembered).toBe(true);
      const newTab = createSessionStore({ ...both, storage: memoryStorage() });
      expect(newTab.getState().credentials).toEqual(iago);
      expect(newTab.getState().isRemembered).toBe(true);
      expect(newTab.getState().client.auth).toEqual({ email: iago.email, apiKey: iago.apiKey });
    });

    it("reads the tab's credentials before the device's", () => {
      const both = storages();
      both.persistentStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(iago));
      both.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(hamlet));
      const store = createSessionStore(both);
      expect(store.getState().credentials).toEqual(hamlet);
      expect(store.getState().isRemembered).toBe(false);
    });

    it("falls back to the device's when the tab's are malformed", () => {
      const both = storages();
      both.storage.setItem(SESSION_STORAGE_KEY, "not json");
      both.persistentStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(iago));
      expect(createSessionStore(both).getState().credentials).toEqual(iago);
    });

    it("moves them when the next login chooses the other place", () => {
      const both = storages();
      const store = createSessionStore(both);
      store.getState().login(iago, { remember: true });
      store.getState().login(hamlet);
      expect(both.persistentStorage.items.size).toBe(0);
      expect(both.storage.items.get(SESSION_STORAGE_KEY)).toBe(JSON.stringify(hamlet));
      store.getState().login(iago, { remember: true });
      expect(both.storage.items.size).toBe(0);
      expect(both.persistentStorage.items.get(SESSION_STORAGE_KEY)).toBe(JSON.stringify(iago));
    });

    it("logout clears both storages", () => {
      const both = storages();
      // Whatever either holds (another tab may have written the other), logout forgets it.
      both.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(hamlet));
      const store = createSessionStore(both);
      store.getState().login(iago, { remember: true });
      both.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(hamlet));
      store.getState().logout();
      expect(both.storage.items.size).toBe(0);
      expect(both.persistentStorage.items.size).toBe(0);
      expect(store.getState().isRemembered).toBe(false);
      expect(createSessionStore(both).getState().credentials).toBeNull();
    });

    it("still logs in and out when the storages refuse access", () => {
      const store = createSessionStore({
        storage: blockedStorage(),
        persistentStorage: blockedStorage(),
      });
      expect(store.getState().credentials).toBeNull();
      store.getState().login(iago, { remember: true });
      expect(store.getState().credentials).toEqual(iago);
      store.getState().logout();
      expect(store.getState().credentials).toBeNull();
    });
  });

  it("makes a transport for other credentials without logging in", () => {
    const store = createSessionStore({ baseUrl: "https://chat.example.org" });
    const client = store.getState().clientFor({ email: hamlet.email, apiKey: hamlet.apiKey });
    expect(client.auth).toEqual({ email: hamlet.email, apiKey: hamlet.apiKey });
    expect(store.getState().credentials).toBeNull();
    expect(store.getState().client.auth).toBeUndefined();
  });

  it("sends requests without cookies, so a 401 cannot open the browser's login dialog", async () => {
    const seen: RequestInit[] = [];
    const fakeFetch: typeof fetch = (_input, init) => {
      seen.push(init ?? {});
      return Promise.resolve(new Response('{"result":"success","msg":""}', { status: 200 }));
    };
    const store = createSessionStore({ fetch: fakeFetch });
    store.getState().login(iago);
    const call = { params: { queue_id: "q" } };
    await store.getState().client.call("DELETE", "events", call);
    await store
      .getState()
      .clientFor({ email: hamlet.email, apiKey: hamlet.apiKey })
      .call("DELETE", "events", call);
    expect(seen.map((init) => init.credentials)).toEqual(["omit", "omit"]);
    // The Basic header is the authentication; omitting cookies must not drop it.
    expect(new Headers(seen[1]?.headers).get("Authorization")).toMatch(/^Basic /);
  });
});

import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../test/events-fakes";
import { createSessionStore, INITIAL_CONNECTION, type ConnectionInfo } from "./session-store";

const iago = { email: "iago@parley.test", apiKey: "secret", userId: 10 };

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
});

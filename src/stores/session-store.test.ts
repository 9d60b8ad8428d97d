import { describe, expect, it } from "vitest";
import { createSessionStore } from "./session-store";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

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
    store.getState().connectionChanged("live");
    store.getState().logout("Your session has ended.");
    expect(store.getState()).toMatchObject({
      credentials: null,
      queueId: null,
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
});

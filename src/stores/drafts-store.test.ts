import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/events-fakes";
import { createDraftsStore, DRAFT_MAX_AGE_MS, draftsStorageKey } from "./drafts-store";

const iago = "iago@parley.test";
const now = 1_700_000_000_000;

describe("drafts store", () => {
  it("keeps a draft per narrow and restores it after a reload", () => {
    const storage = memoryStorage();
    const store = createDraftsStore({ storage, now: () => now });
    store.getState().sessionStarted(iago);
    store.getState().draftChanged("topic:12:lunch", { topic: "lunch", content: "half-written" });
    store.getState().draftChanged("stream:12", { topic: "new topic", content: "another" });

    const reloaded = createDraftsStore({ storage, now: () => now });
    expect(reloaded.getState().drafts).toEqual({});
    reloaded.getState().sessionStarted(iago);
    expect(reloaded.getState().drafts).toEqual({
      "topic:12:lunch": { topic: "lunch", content: "half-written", updatedAt: now },
      "stream:12": { topic: "new topic", content: "another", updatedAt: now },
    });
  });

  it("removes a draft when it is cleared or emptied, and the key when none is left", () => {
    const storage = memoryStorage();
    const store = createDraftsStore({ storage, now: () => now });
    store.getState().sessionStarted(iago);
    store.getState().draftChanged("a", { topic: "t", content: "x" });
    store.getState().draftChanged("b", { topic: "t", content: "y" });
    store.getState().draftChanged("a", { topic: "t", content: "  " });
    expect(Object.keys(store.getState().drafts)).toEqual(["b"]);
    store.getState().draftCleared("b");
    expect(store.getState().drafts).toEqual({});
    expect(storage.items.has(draftsStorageKey(iago))).toBe(false);
  });

  it("keeps users apart", () => {
    const storage = memoryStorage();
    const store = createDraftsStore({ storage, now: () => now });
    store.getState().sessionStarted(iago);
    store.getState().draftChanged("a", { topic: "", content: "iago's" });
    store.getState().sessionStarted("hamlet@parley.test");
    expect(store.getState().drafts).toEqual({});
    store.getState().sessionStarted(iago);
    expect(store.getState().drafts.a?.content).toBe("iago's");
  });

  it("reads corrupt or old drafts as absent, never throwing", () => {
    const storage = memoryStorage();
    const key = draftsStorageKey(iago);
    for (const text of ["{", "[]", '{"version":1,"drafts":3}']) {
      storage.items.set(key, text);
      const store = createDraftsStore({ storage, now: () => now });
      store.getState().sessionStarted(iago);
      expect(store.getState().drafts).toEqual({});
    }
    storage.items.set(
      key,
      JSON.stringify({
        version: 1,
        drafts: {
          good: { topic: "t", content: "kept", updatedAt: now },
          bad: { topic: 5, content: "x", updatedAt: now },
          old: { topic: "t", content: "stale", updatedAt: now - DRAFT_MAX_AGE_MS - 1 },
        },
      }),
    );
    const store = createDraftsStore({ storage, now: () => now });
    store.getState().sessionStarted(iago);
    expect(Object.keys(store.getState().drafts)).toEqual(["good"]);
  });
});

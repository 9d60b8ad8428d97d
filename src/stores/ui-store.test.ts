import { describe, expect, it } from "vitest";
import { createUiStore } from "./ui-store";

/** A Map-backed Storage, enough for the store's getItem/setItem. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => {
      data.clear();
    },
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe("ui store", () => {
  it("keeps theme, Enter behaviour and the right panel across page loads", () => {
    const storage = memoryStorage();
    const first = createUiStore(storage);
    first.getState().setTheme("dark");
    first.getState().setEnterSends(false);
    first.getState().setRightPanelOpen(false);
    const second = createUiStore(storage);
    expect(second.getState().theme).toBe("dark");
    expect(second.getState().enterSends).toBe(false);
    expect(second.getState().isRightPanelOpen).toBe(false);
  });

  it("takes the user's settings from the server and remembers them for the next first paint", () => {
    const storage = memoryStorage();
    const first = createUiStore(storage);
    const density = first.getState().density;
    first.getState().settingsReceived({
      theme: "light",
      homeView: "recent_topics",
      enterSends: false,
      twentyFourHourTime: true,
      density: { fontSizePx: 16, lineHeightPercent: 140 },
    });
    // An equal density stays the same object: nothing re-renders for it.
    expect(first.getState().density).toBe(density);
    first.getState().settingsReceived({
      theme: "light",
      homeView: "recent_topics",
      enterSends: false,
      twentyFourHourTime: true,
      density: { fontSizePx: 14, lineHeightPercent: 122 },
    });
    const second = createUiStore(storage);
    expect(second.getState()).toMatchObject({
      theme: "light",
      homeView: "recent_topics",
      enterSends: false,
      twentyFourHourTime: true,
      density: { fontSizePx: 14, lineHeightPercent: 122 },
    });
  });

  it("falls back to defaults for stored values it does not understand", () => {
    const storage = memoryStorage({
      "parley:preferences": JSON.stringify({
        theme: "neon",
        enterSends: "yes",
        twentyFourHourTime: 1,
        density: { fontSizePx: "big" },
      }),
    });
    const store = createUiStore(storage);
    expect(store.getState().theme).toBe("system");
    expect(store.getState().enterSends).toBe(true);
    expect(store.getState().twentyFourHourTime).toBe(false);
    expect(store.getState().density).toEqual({ fontSizePx: 16, lineHeightPercent: 140 });
    expect(
      createUiStore(memoryStorage({ "parley:preferences": "{not json" })).getState().theme,
    ).toBe("system");
  });

  it("numbers compose and search requests so the same request twice is seen twice", () => {
    const store = createUiStore(memoryStorage());
    store.getState().requestCompose();
    store.getState().requestCompose("> quote");
    expect(store.getState().composeRequest).toEqual({
      sequence: 2,
      insertText: "> quote",
      isDirect: false,
    });
    store.getState().requestCompose(undefined, { isDirect: true });
    expect(store.getState().composeRequest).toEqual({
      sequence: 3,
      insertText: null,
      isDirect: true,
    });
    store.getState().requestSearchFocus();
    store.getState().requestSearchFocus();
    expect(store.getState().searchFocusSequence).toBe(2);
  });

  it("toggles collapse per message and selects what is being edited", () => {
    const store = createUiStore(memoryStorage());
    store.getState().toggleCollapsed(5);
    expect(store.getState().collapsedMessageIds.has(5)).toBe(true);
    store.getState().toggleCollapsed(5);
    expect(store.getState().collapsedMessageIds.has(5)).toBe(false);
    store.getState().startEditing(9);
    expect(store.getState()).toMatchObject({ editingMessageId: 9, selectedMessageId: 9 });
    store.getState().stopEditing();
    expect(store.getState().editingMessageId).toBeNull();
  });
});

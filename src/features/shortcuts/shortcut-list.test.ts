import { describe, expect, it } from "vitest";
import { listKeyCommand } from "../message-list/list-keys";
import { composeKeyAction } from "../compose/format-keys";
import { globalAction } from "./global-shortcuts";
import { SHORTCUT_SECTIONS } from "./shortcut-list";

/** The help's names of keys, as `KeyboardEvent.key`. */
const KEY_NAMES: Readonly<Record<string, string>> = {
  Esc: "Escape",
  "↓": "ArrowDown",
  "↑": "ArrowUp",
  "←": "ArrowLeft",
  "→": "ArrowRight",
  PgUp: "PageUp",
  PgDn: "PageDown",
};

/** The compose box handles these itself. */
const COMPOSE_KEYS = new Set(["Enter", "Tab"]);

/** The views' own keys (their handlers: inbox-view, recent-view, drafts-view, stream-browser). */
const VIEW_KEYS: Readonly<Record<string, readonly string[]>> = {
  "Inbox, recent conversations: mute or unmute the topic": ["M"],
  "Drafts: delete the draft": ["Backspace"],
  "Move between the streams (↑ from the first: filter)": ["↑", "↓"],
  "Switch All, Subscribed, Not subscribed": ["←", "→"],
  "Create a stream": ["n"],
  "View the stream's messages": ["V"],
  "Subscribe or unsubscribe": ["S"],
};

/** Whether the app does something with the combination the help lists. */
function isHandled(combination: readonly string[]): boolean {
  const last = combination[combination.length - 1] ?? "";
  if (COMPOSE_KEYS.has(last)) return true;
  const named = KEY_NAMES[last] ?? last;
  const isShift = combination.includes("Shift");
  const isControl = combination.includes("Ctrl") || combination.includes("⌘");
  const key = isShift ? named.toUpperCase() : isControl ? named.toLowerCase() : named;
  const press = {
    key,
    ctrlKey: combination.includes("Ctrl"),
    metaKey: combination.includes("⌘"),
    altKey: combination.includes("Alt"),
    isTyping: false,
    isInDialog: false,
  };
  const composePress = { ...press, code: `Key${named.toUpperCase()}`, shiftKey: isShift };
  return (
    globalAction(press) !== null ||
    composeKeyAction(composePress) !== null ||
    (!isControl && !press.altKey && listKeyCommand(key) !== null)
  );
}

describe("SHORTCUT_SECTIONS", () => {
  it("has Zulip's groups", () => {
    expect(SHORTCUT_SECTIONS.map((section) => section.title)).toEqual([
      "The basics",
      "Search",
      "Scrolling",
      "Navigation",
      "Composing messages",
      "Message actions",
      "Menus",
      "Views",
      "Streams page",
    ]);
  });

  it("lists only keys that do something", () => {
    const unhandled = SHORTCUT_SECTIONS.flatMap((section) =>
      section.shortcuts.flatMap((shortcut) =>
        shortcut.keys.filter(
          (combination) =>
            !(VIEW_KEYS[shortcut.description] ?? []).includes(combination.at(-1) ?? "") &&
            !isHandled(combination),
        ),
      ),
    );
    expect(unhandled).toEqual([]);
  });

  it("names each shortcut once", () => {
    const descriptions = SHORTCUT_SECTIONS.flatMap((section) =>
      section.shortcuts.map((shortcut) => shortcut.description),
    );
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

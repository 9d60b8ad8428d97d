// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { globalAction, isOwnKeysElement, isTextField, type KeyPress } from "./global-shortcuts";

const plain: KeyPress = {
  key: "c",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isTyping: false,
  isInDialog: false,
};

describe("globalAction", () => {
  it("maps the global keys", () => {
    expect(globalAction(plain)).toBe("compose");
    expect(globalAction({ ...plain, key: "r" })).toBe("reply");
    expect(globalAction({ ...plain, key: "n" })).toBe("next-unread");
    expect(globalAction({ ...plain, key: "/" })).toBe("search");
    expect(globalAction({ ...plain, key: "?" })).toBe("help");
    expect(globalAction({ ...plain, key: "Escape" })).toBe("escape");
    expect(globalAction({ ...plain, key: "x" })).toBe("new-direct");
    expect(globalAction({ ...plain, key: "R" })).toBe("reply-to-sender");
    expect(globalAction({ ...plain, key: "p" })).toBe("next-unread-direct");
    expect(globalAction({ ...plain, key: "i" })).toBe("message-menu");
    expect(globalAction({ ...plain, key: ":" })).toBe("react");
    expect(globalAction({ ...plain, key: "+" })).toBe("toggle-thumbs-up");
    expect(globalAction({ ...plain, key: "Z" })).toBeNull();
    expect(globalAction({ ...plain, key: "constructor" })).toBeNull();
  });

  it("maps Zulip's navigation and message keys, Shift giving the capital", () => {
    const cases: [string, string][] = [
      ["N", "next-unread-followed"],
      ["A", "previous-stream"],
      ["D", "next-stream"],
      ["a", "combined-feed"],
      ["I", "inbox"],
      ["t", "recent"],
      ["d", "drafts"],
      [">", "quote"],
      ["M", "toggle-topic-mute"],
      ["u", "sender-card"],
      ["v", "view-image"],
      ["-", "toggle-collapsed"],
      ["U", "mark-unread-from"],
      ["=", "toggle-first-reaction"],
      ["@", "reply-mention"],
      ["H", "edit-history"],
      ["m", "move"],
      ["s", "go-to-conversation"],
      ["P", "dm-feed"],
      ["z", "zoom"],
      ["g", "account-menu"],
    ];
    for (const [key, action] of cases) {
      expect(globalAction({ ...plain, key }), key).toBe(action);
      expect(globalAction({ ...plain, key, isTyping: true }), key).toBeNull();
      expect(globalAction({ ...plain, key, altKey: true }), key).toBeNull();
      // Ctrl+S stars (below).
      if (key !== "s") expect(globalAction({ ...plain, key, ctrlKey: true }), key).toBeNull();
    }
    // Keys Zulip gives no meaning to, or whose feature Parley lacks, do nothing.
    expect(globalAction({ ...plain, key: "V" })).toBeNull();
  });

  it("goes back and forward with Alt+← and Alt+→, not while typing (the caret's keys)", () => {
    expect(globalAction({ ...plain, key: "ArrowLeft", altKey: true })).toBe("history-back");
    expect(globalAction({ ...plain, key: "ArrowRight", altKey: true })).toBe("history-forward");
    expect(globalAction({ ...plain, key: "ArrowLeft", altKey: true, isTyping: true })).toBeNull();
    expect(globalAction({ ...plain, key: "ArrowLeft", altKey: true, ctrlKey: true })).toBeNull();
    expect(globalAction({ ...plain, key: "ArrowUp", altKey: true })).toBeNull();
    expect(globalAction({ ...plain, key: "ArrowLeft" })).toBeNull();
  });

  it("stars with Ctrl+S or ⌘+S outside text fields; Ctrl+[ goes home, even while typing", () => {
    expect(globalAction({ ...plain, key: "s", ctrlKey: true })).toBe("star");
    expect(globalAction({ ...plain, key: "s", metaKey: true })).toBe("star");
    expect(globalAction({ ...plain, key: "s", ctrlKey: true, isTyping: true })).toBeNull();
    expect(globalAction({ ...plain, key: "s", ctrlKey: true, altKey: true })).toBeNull();
    expect(globalAction({ ...plain, key: "[", ctrlKey: true, isTyping: true })).toBe("home");
    // ⌘+[ is the browser's Back.
    expect(globalAction({ ...plain, key: "[", metaKey: true })).toBeNull();
    expect(globalAction({ ...plain, key: "[" })).toBeNull();
  });

  it("searches with Ctrl+K or ⌘+K, even while typing, and takes no other modified key", () => {
    expect(globalAction({ ...plain, key: "k", ctrlKey: true, isTyping: true })).toBe("search");
    expect(globalAction({ ...plain, key: "k", metaKey: true })).toBe("search");
    expect(globalAction({ ...plain, key: "r", ctrlKey: true })).toBeNull();
    expect(globalAction({ ...plain, key: "k", ctrlKey: true, isInDialog: true })).toBeNull();
  });

  it("leaves letters alone while typing, but not Escape", () => {
    expect(globalAction({ ...plain, isTyping: true })).toBeNull();
    expect(globalAction({ ...plain, key: "Escape", isTyping: true })).toBe("escape");
  });

  it("leaves modified keys and open dialogs alone", () => {
    expect(globalAction({ ...plain, ctrlKey: true })).toBeNull();
    expect(globalAction({ ...plain, metaKey: true })).toBeNull();
    expect(globalAction({ ...plain, altKey: true })).toBeNull();
    expect(globalAction({ ...plain, key: "Escape", isInDialog: true })).toBeNull();
  });
});

describe("isTextField", () => {
  it("knows text fields from other controls", () => {
    const text = document.createElement("input");
    const radio = document.createElement("input");
    radio.type = "radio";
    expect(isTextField(text)).toBe(true);
    expect(isTextField(document.createElement("textarea"))).toBe(true);
    expect(isTextField(radio)).toBe(false);
    // Falsy, not false: jsdom leaves isContentEditable undefined.
    expect(isTextField(document.createElement("button"))).toBeFalsy();
    expect(isTextField(null)).toBe(false);
  });
});

describe("isOwnKeysElement", () => {
  it("keeps keys for text fields and open menus, not for other controls", () => {
    const menu = document.createElement("div");
    menu.setAttribute("role", "menu");
    const item = document.createElement("button");
    item.setAttribute("role", "menuitem");
    menu.append(item);
    document.body.append(menu);
    expect(isOwnKeysElement(item)).toBe(true);
    expect(isOwnKeysElement(document.createElement("textarea"))).toBe(true);
    expect(isOwnKeysElement(document.createElement("button"))).toBe(false);
    expect(isOwnKeysElement(null)).toBe(false);
    menu.remove();
  });
});

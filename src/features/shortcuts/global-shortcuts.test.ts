// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { globalAction, isTextField, type KeyPress } from "./global-shortcuts";

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
    expect(globalAction({ ...plain, key: "z" })).toBeNull();
    expect(globalAction({ ...plain, key: "constructor" })).toBeNull();
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

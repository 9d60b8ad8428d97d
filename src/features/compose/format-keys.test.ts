import { describe, expect, it } from "vitest";
import { composeKeyAction, formatSelection, type ComposeKeyPress } from "./format-keys";

const none: ComposeKeyPress = {
  key: "b",
  code: "KeyB",
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
};

describe("composeKeyAction", () => {
  it("maps Zulip's compose keys, with Ctrl or ⌘", () => {
    expect(composeKeyAction({ ...none, ctrlKey: true })).toBe("bold");
    expect(composeKeyAction({ ...none, metaKey: true })).toBe("bold");
    expect(composeKeyAction({ ...none, key: "i", code: "KeyI", ctrlKey: true })).toBe("italic");
    expect(
      composeKeyAction({ ...none, key: "L", code: "KeyL", ctrlKey: true, shiftKey: true }),
    ).toBe("link");
    expect(composeKeyAction({ ...none, key: ".", code: "Period", ctrlKey: true })).toBe(
      "go-to-conversation",
    );
  });

  it("toggles the preview with Alt+P, whatever character Alt+P types (π on a Mac)", () => {
    expect(composeKeyAction({ ...none, key: "π", code: "KeyP", altKey: true })).toBe("preview");
    expect(composeKeyAction({ ...none, key: "p", code: "KeyP", altKey: true })).toBe("preview");
  });

  it("leaves plain typing and other combinations alone", () => {
    expect(composeKeyAction(none)).toBeNull();
    expect(composeKeyAction({ ...none, key: "l", code: "KeyL", ctrlKey: true })).toBeNull();
    expect(composeKeyAction({ ...none, ctrlKey: true, shiftKey: true })).toBeNull();
    expect(composeKeyAction({ ...none, ctrlKey: true, altKey: true })).toBeNull();
    expect(
      composeKeyAction({ ...none, key: "P", code: "KeyP", altKey: true, shiftKey: true }),
    ).toBeNull();
  });
});

describe("formatSelection", () => {
  it("wraps the selection in ** and keeps it selected", () => {
    expect(formatSelection("say hi now", 4, 6, "bold")).toEqual({
      insert: "**hi**",
      selectionStart: 6,
      selectionEnd: 8,
    });
  });

  it("puts the caret between empty marks", () => {
    expect(formatSelection("ab", 1, 1, "italic")).toEqual({
      insert: "**",
      selectionStart: 2,
      selectionEnd: 2,
    });
    expect(formatSelection("", 0, 0, "bold")).toEqual({
      insert: "****",
      selectionStart: 2,
      selectionEnd: 2,
    });
  });

  it("makes a link with url selected", () => {
    const edit = formatSelection("see docs", 4, 8, "link");
    expect(edit.insert).toBe("[docs](url)");
    const text = `see ${edit.insert}`;
    expect(text.slice(edit.selectionStart, edit.selectionEnd)).toBe("url");
  });
});

import { describe, expect, it } from "vitest";
import {
  appendToContent,
  enterAction,
  insertAtSelection,
  type EnterKeyPress,
} from "./compose-keys";

function press(fields: Partial<EnterKeyPress> = {}): EnterKeyPress {
  return {
    key: "Enter",
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    isComposing: false,
    ...fields,
  };
}

describe("enterAction", () => {
  it("with Enter sending: Enter sends, Shift+Enter and Alt+Enter type a line", () => {
    expect(enterAction(press(), true)).toBe("send");
    expect(enterAction(press({ shiftKey: true }), true)).toBe("type");
    expect(enterAction(press({ altKey: true }), true)).toBe("type");
  });

  it("with Enter typing: Enter types a line, Ctrl+Enter and Cmd+Enter send", () => {
    expect(enterAction(press(), false)).toBe("type");
    expect(enterAction(press({ ctrlKey: true }), false)).toBe("send");
    expect(enterAction(press({ metaKey: true }), false)).toBe("send");
    expect(enterAction(press({ ctrlKey: true }), true)).toBe("send");
  });

  it("never sends while an input method composes, nor on other keys", () => {
    expect(enterAction(press({ isComposing: true }), true)).toBe("type");
    expect(enterAction(press({ key: "a" }), true)).toBe("type");
  });
});

describe("editing helpers", () => {
  it("appends a quote as its own paragraph", () => {
    expect(appendToContent("", "> q")).toBe("> q");
    expect(appendToContent("hello  \n", "> q")).toBe("hello\n\n> q");
  });

  it("inserts at the selection with the spaces a word needs", () => {
    expect(insertAtSelection("hi", 2, 2, ":smile:")).toEqual({ text: "hi :smile: ", caret: 11 });
    expect(insertAtSelection("", 0, 0, ":smile:")).toEqual({ text: ":smile: ", caret: 8 });
    expect(insertAtSelection("a XX b", 2, 4, ":+1:")).toEqual({ text: "a :+1:  b", caret: 7 });
  });
});

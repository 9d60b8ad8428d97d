// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { adjacentMessageId, indexOfId, isOwnKeysTarget, listKeyCommand } from "./list-keys";

describe("listKeyCommand", () => {
  it("maps the list's keys", () => {
    expect(
      ["j", "ArrowDown", "k", "ArrowUp", "End", "e", "x", "g", "s"].map(listKeyCommand),
    ).toEqual(["next", "next", "previous", "previous", "newest", "edit", null, null, null]);
  });

  it("maps ← to editing one's last message and Enter to replying", () => {
    expect(["ArrowLeft", "Enter", "ArrowRight"].map(listKeyCommand)).toEqual([
      "edit-last",
      "reply",
      null,
    ]);
  });

  it("maps Zulip's scrolling keys: Home, Shift+G, PgDn/PgUp and Shift+J/Shift+K", () => {
    expect(["Home", "G", "PageDown", "J", "PageUp", "K"].map(listKeyCommand)).toEqual([
      "oldest",
      "newest",
      "page-down",
      "page-down",
      "page-up",
      "page-up",
    ]);
  });
});

describe("adjacentMessageId", () => {
  const ids = [3, 5, 9, 12];

  it("moves one message either way and stays at the ends", () => {
    expect(adjacentMessageId(ids, 5, 1, undefined)).toBe(9);
    expect(adjacentMessageId(ids, 5, -1, undefined)).toBe(3);
    expect(adjacentMessageId(ids, 12, 1, undefined)).toBe(12);
    expect(adjacentMessageId(ids, 3, -1, undefined)).toBe(3);
  });

  it("starts from the first visible message when nothing here is selected", () => {
    expect(adjacentMessageId(ids, null, 1, 9)).toBe(9);
    expect(adjacentMessageId(ids, 100, -1, 5)).toBe(5);
    expect(adjacentMessageId(ids, null, 1, undefined)).toBe(3);
    expect(adjacentMessageId(ids, null, -1, 77)).toBe(12);
    expect(adjacentMessageId([], null, 1, 5)).toBeUndefined();
  });

  it("finds ids by binary search", () => {
    expect(ids.map((id) => indexOfId(ids, id))).toEqual([0, 1, 2, 3]);
    expect(indexOfId(ids, 4)).toBe(-1);
  });
});

describe("isOwnKeysTarget", () => {
  it("leaves keys to text fields, menus and dialogs, and arrows to toolbars", () => {
    document.body.innerHTML = `
      <input id="field"><div contenteditable="true"><span id="rich">x</span></div>
      <ul role="menu"><li id="item" role="menuitem">x</li></ul>
      <div role="toolbar"><button id="tool">x</button></div>
      <article id="row" tabindex="-1"><button id="plain">x</button></article>`;
    const byId = (id: string) => document.getElementById(id);
    expect(isOwnKeysTarget(byId("field"), "j")).toBe(true);
    expect(isOwnKeysTarget(byId("rich"), "s")).toBe(true);
    expect(isOwnKeysTarget(byId("item"), "ArrowDown")).toBe(true);
    expect(isOwnKeysTarget(byId("tool"), "ArrowDown")).toBe(true);
    expect(isOwnKeysTarget(byId("tool"), "s")).toBe(false);
    expect(isOwnKeysTarget(byId("row"), "j")).toBe(false);
    expect(isOwnKeysTarget(byId("plain"), "ArrowUp")).toBe(false);
    expect(isOwnKeysTarget(null, "j")).toBe(false);
  });
});

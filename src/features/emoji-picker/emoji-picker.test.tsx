// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRef } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { realmQueries } from "../../queries/realm-queries";
import { querySessionPerTest } from "../../test/query-session";
import * as eg from "../../test/example-data";
import type { EmojiChoice } from "./emoji-catalogue";
import { EmojiPicker } from "./emoji-picker";
import { pickerMemoryKey } from "./emoji-picker-memory";

const session = querySessionPerTest();

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

function openPicker({ forText = false } = {}) {
  const opener = document.createElement("button");
  opener.textContent = "Open";
  document.body.append(opener);
  const anchor = createRef<HTMLButtonElement>();
  (anchor as { current: HTMLButtonElement | null }).current = opener;
  const onPick = vi.fn<(emoji: EmojiChoice) => void>();
  const onClose = vi.fn<() => void>();
  const picker = (
    <EmojiPicker anchor={anchor} onPick={onPick} onClose={onClose} forText={forText} />
  );
  const result = render(picker, {
    wrapper: session.wrapper,
  });
  const dialog = screen.getByRole("dialog", { name: "Choose an emoji" });
  return { opener, onPick, onClose, picker: dialog, unmount: result.unmount };
}

function buttonNames(region: HTMLElement): (string | null)[] {
  return within(region)
    .getAllByRole("button")
    .map((button) => button.getAttribute("aria-label"));
}

describe("EmojiPicker", () => {
  it("shows Zulip's categories in order, each with a tab, Custom last", () => {
    session.queryClient.setQueryData(realmQueries.emoji().queryKey, {
      "7": {
        id: "7",
        name: "shipit",
        source_url: "/user_avatars/emoji/7.png",
        deactivated: false,
        author_id: 1,
      },
    });
    const { picker } = openPicker();
    const names = [
      "Frequently used",
      "Smileys & People",
      "Animals & Nature",
      "Food & Drink",
      "Activity",
      "Travel & Places",
      "Objects",
      "Symbols",
      "Flags",
      "Custom",
    ];
    expect(
      within(picker)
        .getAllByRole("region")
        .map((region) => region.querySelector("h3")?.textContent),
    ).toEqual(names);
    const tabs = within(picker).getByRole("group", { name: "Emoji categories" });
    expect(
      within(tabs)
        .getAllByRole("button")
        .map((tab) => tab.getAttribute("aria-label")),
    ).toEqual(names);
    expect(buttonNames(within(picker).getByRole("region", { name: "Custom" }))).toEqual([
      ":shipit:",
    ]);
    expect(buttonNames(within(picker).getByRole("region", { name: "Food & Drink" }))).toContain(
      ":pizza:",
    );
    expect(document.activeElement).toBe(screen.getByRole("searchbox", { name: "Search emoji" }));
  });

  it("starts Frequently used with Zulip's defaults, then puts the emoji picked most first", () => {
    const first = openPicker();
    const frequent = within(first.picker).getByRole("region", { name: "Frequently used" });
    expect(buttonNames(frequent)).toEqual([
      ":+1:",
      ":tada:",
      ":smile:",
      ":heart:",
      ":working_on_it:",
      ":octopus:",
    ]);
    fireEvent.click(
      within(within(first.picker).getByRole("region", { name: "Food & Drink" })).getByRole(
        "button",
        { name: ":pizza:" },
      ),
    );
    expect(first.onPick).toHaveBeenCalledWith(
      expect.objectContaining({ emoji_name: "pizza", emoji_code: "1f355" }),
    );
    expect(JSON.parse(localStorage.getItem(pickerMemoryKey(eg.iago.user_id)) ?? "{}")).toEqual({
      counts: { "unicode_emoji:1f355": 1 },
      skinTone: 0,
    });
    first.unmount();

    const second = openPicker();
    const again = within(second.picker).getByRole("region", { name: "Frequently used" });
    expect(buttonNames(again).slice(0, 3)).toEqual([":pizza:", ":+1:", ":tada:"]);
  });

  it("applies the chosen skin tone to emoji that have tones, counts the base, remembers it", () => {
    const first = openPicker();
    const dark = within(first.picker).getByRole("button", { name: "Dark skin tone" });
    expect(dark.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(dark);
    expect(dark.getAttribute("aria-pressed")).toBe("true");
    const frequent = within(first.picker).getByRole("region", { name: "Frequently used" });
    expect(buttonNames(frequent).slice(0, 2)).toEqual([":thumbs_up_dark_skin_tone:", ":tada:"]);
    fireEvent.click(within(frequent).getByRole("button", { name: ":thumbs_up_dark_skin_tone:" }));
    expect(first.onPick).toHaveBeenCalledWith(
      expect.objectContaining({
        emoji_name: "thumbs_up_dark_skin_tone",
        emoji_code: "1f44d-1f3ff",
        reaction_type: "unicode_emoji",
      }),
    );
    expect(JSON.parse(localStorage.getItem(pickerMemoryKey(eg.iago.user_id)) ?? "{}")).toEqual({
      counts: { "unicode_emoji:1f44d": 1 },
      skinTone: 5,
    });
    first.unmount();

    const second = openPicker();
    expect(
      within(second.picker)
        .getByRole("button", { name: "Dark skin tone" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("names the emoji under the pointer or focus, with its aliases, in the footer", () => {
    const { picker } = openPicker();
    const footer = picker.querySelector(".emoji-footer");
    const frequent = within(picker).getByRole("region", { name: "Frequently used" });
    fireEvent.pointerOver(within(frequent).getByRole("button", { name: ":heart:" }));
    expect(footer?.textContent).toContain(":heart:");
    expect(footer?.textContent).toContain(":love: :love_you:");
    act(() => {
      within(frequent).getByRole("button", { name: ":tada:" }).focus();
    });
    expect(footer?.textContent).toContain(":tada:");
    expect(footer?.textContent).toContain(":congratulations:");
  });

  it("for message text offers only emoji the renderer names, without skin tones", () => {
    const { picker } = openPicker({ forText: true });
    const search = screen.getByRole("searchbox", { name: "Search emoji" });
    expect(within(picker).queryByRole("group", { name: "Skin tone" })).toBeNull();
    fireEvent.change(search, { target: { value: "flamingo" } });
    expect(within(picker).queryByRole("button", { name: ":flamingo:" })).toBeNull();
    fireEvent.change(search, { target: { value: "heart" } });
    expect(within(picker).getByRole("button", { name: ":heart:" })).toBeDefined();
  });

  it("for a reaction offers every emoji of the table", () => {
    const { picker } = openPicker();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search emoji" }), {
      target: { value: "flamingo" },
    });
    expect(within(picker).getByRole("button", { name: ":flamingo:" })).toBeDefined();
  });

  it("searches in one list without tabs; Enter picks the first match", () => {
    const { picker, onPick } = openPicker();
    const search = screen.getByRole("searchbox", { name: "Search emoji" });
    fireEvent.change(search, { target: { value: "pizz" } });
    expect(within(picker).queryByRole("group", { name: "Emoji categories" })).toBeNull();
    expect(within(picker).getAllByRole("region")).toHaveLength(1);
    expect(buttonNames(within(picker).getByRole("region", { name: "Search results" }))).toEqual([
      ":pizza:",
    ]);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ emoji_name: "pizza" }));
  });

  it("moves through the grid with the arrows, Home and End", () => {
    const { picker } = openPicker();
    const search = screen.getByRole("searchbox", { name: "Search emoji" });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    const frequent = within(picker).getByRole("region", { name: "Frequently used" });
    expect(document.activeElement).toBe(within(frequent).getByRole("button", { name: ":+1:" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "ArrowRight" });
    expect(document.activeElement).toBe(within(frequent).getByRole("button", { name: ":tada:" }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "End" });
    const buttons = picker.querySelectorAll(".emoji-choice");
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Home" });
    expect(document.activeElement).toBe(within(frequent).getByRole("button", { name: ":+1:" }));
  });

  it("closes on Escape and on a press outside, giving focus back to its button", () => {
    const first = openPicker();
    fireEvent.keyDown(screen.getByRole("searchbox", { name: "Search emoji" }), { key: "Escape" });
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(first.opener);
    first.unmount();

    const second = openPicker();
    const outside = document.createElement("div");
    document.body.append(outside);
    fireEvent.mouseDown(within(second.picker).getByRole("button", { name: "Flags" }));
    expect(second.onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(outside);
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(second.opener);
  });

  it("closes when focus leaves it for the page, not for its own button", () => {
    const { picker, opener, onClose } = openPicker();
    const search = within(picker).getByRole("searchbox", { name: "Search emoji" });
    fireEvent.blur(search, {
      relatedTarget: within(picker).getByRole("button", { name: "Flags" }),
    });
    fireEvent.blur(search, { relatedTarget: opener });
    expect(onClose).not.toHaveBeenCalled();
    const elsewhere = document.createElement("input");
    document.body.append(elsewhere);
    fireEvent.blur(search, { relatedTarget: elsewhere });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

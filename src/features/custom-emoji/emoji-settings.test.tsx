// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { User } from "../../../common/wire/users";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { EmojiSettings } from "./emoji-settings";

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const iago = wire.user({ user_id: 10, full_name: "Iago", role: 200, is_admin: true });
const hamlet = wire.user({ user_id: 11, full_name: "King Hamlet" });
const polonius = wire.user({ user_id: 12, full_name: "Polonius", role: 600, is_guest: true });
const emoji = {
  "1": wire.realmEmoji({ id: "1", name: "shipit", author_id: 10 }),
  "2": wire.realmEmoji({ id: "2", name: "duck", author_id: 11 }),
  "3": wire.realmEmoji({ id: "3", name: "aardvark", deactivated: true, author_id: 11 }),
  "4": wire.realmEmoji({
    id: "4",
    name: "evil",
    source_url: "javascript:alert(1)",
    author_id: 99,
    author: { id: 99, email: "x@parley.test", full_name: HOSTILE },
  }),
};

let fake: ReturnType<typeof createFakeFetch>;

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
});

function renderPage(me: User) {
  sessionStore.getState().login({ email: me.email, apiKey: "k", userId: me.user_id });
  // login() makes a real client; requests go to a scripted one instead.
  const api = setupApi();
  fake = api.fake;
  sessionStore.setState({ client: api.client });
  // As in the app once register answered: the snapshot seeded these lists, and events or
  // mutations refetch them only while the queue exists.
  sessionStore.getState().queueRegistered("queue-1");
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(realmQueries.emoji().queryKey, emoji);
  queryClient.setQueryData(userQueries.list().queryKey, [iago, hamlet, polonius]);
  render(
    <QueryClientProvider client={queryClient}>
      <EmojiSettings />
    </QueryClientProvider>,
  );
}

function cards(): HTMLElement[] {
  return within(screen.getByRole("list", { name: "Custom emoji" })).getAllByRole("listitem");
}

function card(name: string): HTMLElement {
  const found = cards().find((item) => item.dataset["emojiName"] === name);
  if (found === undefined) throw new Error(`no card for ${name}`);
  return found;
}

describe("EmojiSettings", () => {
  it("lists active emoji by name, then deactivated ones, marked", () => {
    renderPage(hamlet);
    expect(screen.getByRole("heading", { level: 1, name: "Custom emoji" })).toBeTruthy();
    expect(cards().map((item) => item.dataset["emojiName"])).toEqual([
      "duck",
      "evil",
      "shipit",
      "aardvark",
    ]);
    expect(within(card("aardvark")).getByText("Deactivated")).toBeTruthy();
    expect(within(card("duck")).queryByText("Deactivated")).toBeNull();
    expect(within(card("duck")).getByText(":duck:")).toBeTruthy();
    expect(within(card("duck")).getByText("Added by King Hamlet")).toBeTruthy();
  });

  it("renders names as text and never loads an unsafe image URL", () => {
    renderPage(hamlet);
    const evil = card("evil");
    expect(within(evil).getByText(`Added by ${HOSTILE}`)).toBeTruthy();
    expect(evil.querySelector("img")).toBeNull();
    expect(evil.querySelector(".custom-emoji-card-placeholder")).not.toBeNull();
    expect(card("duck").querySelector("img")?.getAttribute("src")).toBe(
      "http://localhost:3000/user_avatars/emoji/1.png",
    );
  });

  it("filters by name and hides deactivated emoji on request", async () => {
    const user = userEvent.setup();
    renderPage(hamlet);
    await user.type(screen.getByRole("searchbox", { name: "Filter emoji by name" }), ":A");
    expect(cards().map((item) => item.dataset["emojiName"])).toEqual(["aardvark"]);
    await user.click(screen.getByRole("checkbox", { name: "Hide deactivated (1)" }));
    expect(screen.queryByRole("list", { name: "Custom emoji" })).toBeNull();
    expect(screen.getByText("No emoji name contains “a”.")).toBeTruthy();
  });

  it("offers Deactivate to the author and administrators only", () => {
    renderPage(hamlet);
    expect(within(card("duck")).getByRole("button", { name: "Deactivate :duck:" })).toBeTruthy();
    expect(within(card("shipit")).queryByRole("button")).toBeNull();
    expect(within(card("aardvark")).queryByRole("button")).toBeNull();
    cleanup();
    renderPage(iago);
    expect(
      within(card("shipit")).getByRole("button", { name: "Deactivate :shipit:" }),
    ).toBeTruthy();
    expect(within(card("evil")).getByRole("button", { name: "Deactivate :evil:" })).toBeTruthy();
  });

  it("deactivates after confirming, and shows a refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderPage(iago);
    await user.click(screen.getByRole("button", { name: "Deactivate :shipit:" }));
    const dialog = screen.getByRole("dialog", { name: "Deactivate :shipit:?" });
    expect(fake.requests).toEqual([]);
    fake.json(404, { result: "error", msg: "Emoji 'shipit' does not exist", code: "BAD_REQUEST" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Could not deactivate :shipit:: Emoji 'shipit' does not exist",
    );
    fake.json(200, success({}));
    fake.json(200, success({ emoji }));
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await screen.findByRole("list", { name: "Custom emoji" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "DELETE /api/v1/realm/emoji/shipit",
      "DELETE /api/v1/realm/emoji/shipit",
      "GET /api/v1/realm/emoji",
    ]);
  });

  it("tells guests they cannot upload, and offers members the form", () => {
    renderPage(polonius);
    expect(screen.getByText("Guests cannot add custom emoji.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Add an emoji" })).toBeNull();
    cleanup();
    renderPage(hamlet);
    expect(screen.getByRole("form", { name: "Add an emoji" })).toBeTruthy();
  });
});

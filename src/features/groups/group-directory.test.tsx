// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { presenceQueries } from "../../queries/presence-queries";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import * as wire from "../../test/api-fixtures";
import { ShellDialogs } from "../shell/shell-dialogs";
import { shellStore } from "../shell/shell-store";
import { GroupDirectory } from "./group-directory";
import { LAZY_CHUNK } from "../../test/lazy-chunk";

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const othello = wire.user({ user_id: 12, email: "othello@parley.test", full_name: "Othello" });
const viola = wire.user({ user_id: 14, email: "viola@parley.test", full_name: "Viola" });
const cordelia = wire.user({ user_id: 15, email: "cordelia@parley.test", full_name: "Cordelia" });
const bot = wire.user({
  user_id: 16,
  email: "welcome-bot@parley.test",
  full_name: "Welcome Bot",
  is_bot: true,
});
const hostile = wire.user({ user_id: 13, email: "evil@parley.test", full_name: HOSTILE });

const support = wire.userGroup({
  id: 3,
  name: "support",
  description: "Helping our users.",
  members: [cordelia.user_id, othello.user_id, bot.user_id],
});
const design = wire.userGroup({
  id: 2,
  name: "design",
  description: HOSTILE,
  members: [viola.user_id, hostile.user_id],
});
const empty = wire.userGroup({ id: 4, name: "alumni", description: "", members: [] });
const everyone = wire.userGroup({
  id: 1,
  name: "role:everyone",
  description: "Everyone",
  is_system_group: true,
  members: [othello.user_id],
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const now = Date.now() / 1000;
  queryClient.setQueryData(userQueries.list().queryKey, [othello, viola, cordelia, bot, hostile]);
  queryClient.setQueryData(presenceQueries.realm().queryKey, {
    presences: {
      "12": { active_timestamp: now - 10, idle_timestamp: now - 10 },
      "14": { active_timestamp: now - 3600, idle_timestamp: now - 20 },
    },
    server_timestamp: now,
  });
  queryClient.setQueryData(userQueries.presence(othello.email).queryKey, {
    aggregated: { client: "website", status: "active", timestamp: now - 10 },
  });
  queryClient.setQueryData(realmQueries.userGroups().queryKey, [support, design, everyone, empty]);
  render(
    <QueryClientProvider client={queryClient}>
      <GroupDirectory />
      <ShellDialogs />
    </QueryClientProvider>,
  );
  return queryClient;
}

function groupNames(): string[] {
  const list = screen.queryByRole("list", { name: "User groups" });
  if (list === null) return [];
  return within(list)
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);
}

function members(group: string): (string | null)[] {
  return within(screen.getByRole("list", { name: `Members of ${group}` }))
    .getAllByRole("button")
    .map((button) => button.getAttribute("aria-label"));
}

beforeEach(() => {
  shellStore.setState({ dialog: null });
});

afterEach(() => {
  cleanup();
});

describe("GroupDirectory", () => {
  it("lists people's groups by name with descriptions and counts, system groups left out", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "User groups" })).toBeTruthy();
    expect(groupNames()).toEqual(["alumni", "design", "support"]);
    expect(screen.queryByText(/role:everyone/)).toBeNull();
    const supportCard = screen.getByRole("listitem", { name: "support" });
    expect(within(supportCard).getByText("Helping our users.")).toBeTruthy();
    expect(within(supportCard).getByText("3 members")).toBeTruthy();
    const alumni = screen.getByRole("listitem", { name: "alumni" });
    expect(within(alumni).getByText("No members.")).toBeTruthy();
    expect(within(alumni).getByText("0 members")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("3 groups");
  });

  it("lists members by name with presence in words and bots marked", () => {
    renderPage();
    expect(members("support")).toEqual([
      "Cordelia, Offline",
      "Othello, Active",
      "Welcome Bot (bot), Offline",
    ]);
    expect(members("design")).toEqual([`${HOSTILE}, Offline`, "Viola, Idle"]);
    const supportMembers = screen.getByRole("list", { name: "Members of support" });
    expect(within(supportMembers).getByText("Bot")).toBeTruthy();
    expect(within(supportMembers).getAllByText("Offline")).toHaveLength(2);
  });

  it("renders names and descriptions as text, never as HTML", () => {
    renderPage();
    expect(screen.getAllByText(HOSTILE)).toHaveLength(2);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(Reflect.get(window, "__pwned")).toBeUndefined();
  });

  it("filters by group name, description or member name", async () => {
    renderPage();
    const filter = screen.getByRole("searchbox", { name: "Filter groups" });
    await userEvent.type(filter, "DES");
    expect(groupNames()).toEqual(["design"]);
    expect(screen.getByRole("status").textContent).toBe("1 of 3 groups");
    await userEvent.clear(filter);
    await userEvent.type(filter, "our users");
    expect(groupNames()).toEqual(["support"]);
    await userEvent.clear(filter);
    await userEvent.type(filter, "viola");
    expect(groupNames()).toEqual(["design"]);
    await userEvent.clear(filter);
    await userEvent.type(filter, "everyone");
    expect(groupNames()).toEqual([]);
    expect(screen.getByText("No group matches “everyone”.")).toBeTruthy();
  });

  it("opens a member's card", async () => {
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Othello, Active" }));
    expect(shellStore.getState().dialog).toEqual({ kind: "user", userId: othello.user_id });
    // The card is its own chunk, loaded on this first open.
    const card = await screen.findByRole("dialog", { name: "Othello" }, LAZY_CHUNK);
    expect(within(card).getByText("othello@parley.test")).toBeTruthy();
  });

  it("follows the cache: a group created elsewhere appears", async () => {
    const queryClient = renderPage();
    queryClient.setQueryData(realmQueries.userGroups().queryKey, [
      support,
      wire.userGroup({ id: 9, name: "backend", description: "APIs", members: [12] }),
    ]);
    await waitFor(() => {
      expect(groupNames()).toEqual(["backend", "support"]);
    });
  });

  it("says so while loading", () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryDefaults(realmQueries.userGroups().queryKey, {
      queryFn: () => new Promise<never>(() => undefined),
    });
    render(
      <QueryClientProvider client={queryClient}>
        <GroupDirectory />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Loading groups…")).toBeTruthy();
  });
});

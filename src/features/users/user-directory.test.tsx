// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { presenceQueries } from "../../queries/presence-queries";
import { userQueries } from "../../queries/user-queries";
import * as wire from "../../test/api-fixtures";
import { ShellDialogs } from "../shell/shell-dialogs";
import { shellStore } from "../shell/shell-store";
import { desdemona, iago, polonius, prospero, yorick } from "./directory-fixtures";
import { UserDirectory } from "./user-directory";
import { LAZY_CHUNK } from "../../test/lazy-chunk";

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const bot = wire.user({
  user_id: 16,
  email: "welcome-bot@parley.test",
  full_name: "Welcome Bot",
  is_bot: true,
});
const hostile = wire.user({ user_id: 17, email: "evil@parley.test", full_name: HOSTILE });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const now = Date.now() / 1000;
  queryClient.setQueryData(userQueries.list().queryKey, [
    iago,
    desdemona,
    polonius,
    prospero,
    bot,
    hostile,
    yorick,
  ]);
  queryClient.setQueryData(presenceQueries.realm().queryKey, {
    presences: { "10": { active_timestamp: now - 10, idle_timestamp: now - 10 } },
    server_timestamp: now,
  });
  queryClient.setQueryData(userQueries.presence(polonius.email).queryKey, {});
  render(
    <QueryClientProvider client={queryClient}>
      <UserDirectory />
      <ShellDialogs />
    </QueryClientProvider>,
  );
}

/** The table's rows as "name | email | role | presence". */
function rows(): string[] {
  const table = screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
        .join(" | "),
    );
}

function names(): string[] {
  return rows().map((row) => row.split(" | ")[0] ?? "");
}

beforeEach(() => {
  shellStore.setState({ dialog: null });
});

afterEach(() => {
  cleanup();
});

describe("UserDirectory", () => {
  it("lists active users by name with email, role, bot mark and presence", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Users" })).toBeTruthy();
    expect(rows()).toEqual([
      `${HOSTILE} | evil@parley.test | Member | Offline`,
      "Desdemona | desdemona@parley.test | Owner | Offline",
      "Iago | iago@parley.test | Administrator | Active",
      "Polonius | polonius@parley.test | Guest | Offline",
      "Prospero | prospero@parley.test | Moderator | Offline",
      "Welcome BotBot | welcome-bot@parley.test | Member | Offline",
    ]);
    expect(screen.getByRole("status").textContent).toBe("6 users");
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(Reflect.get(window, "__pwned")).toBeUndefined();
  });

  it("searches by name or by email", async () => {
    renderPage();
    const search = screen.getByRole("searchbox", { name: "Search users" });
    await userEvent.type(search, "PROS");
    expect(names()).toEqual(["Prospero"]);
    expect(screen.getByRole("status").textContent).toBe("1 of 6 users");
    await userEvent.clear(search);
    await userEvent.type(search, "iago@");
    expect(names()).toEqual(["Iago"]);
    await userEvent.clear(search);
    await userEvent.type(search, "nobody");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No user matches “nobody”.")).toBeTruthy();
  });

  it("sorts by name both ways and by role, telling assistive technology", async () => {
    renderPage();
    const nameHeader = screen.getByRole("columnheader", { name: /Name/ });
    expect(nameHeader.getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(within(nameHeader).getByRole("button", { name: /Name/ }));
    expect(nameHeader.getAttribute("aria-sort")).toBe("descending");
    expect(names()[0]).toBe("Welcome BotBot");
    const roleHeader = screen.getByRole("columnheader", { name: /Role/ });
    await userEvent.click(within(roleHeader).getByRole("button", { name: /Role/ }));
    expect(roleHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(nameHeader.getAttribute("aria-sort")).toBeNull();
    expect(names().slice(0, 3)).toEqual(["Desdemona", "Iago", "Prospero"]);
    expect(names().at(-1)).toBe("Polonius");
  });

  it("keeps deactivated users apart, folded", () => {
    renderPage();
    expect(names()).not.toContain("Yorick");
    const folded = screen.getByText("Deactivated users (1)");
    expect(folded.tagName).toBe("SUMMARY");
    expect(
      within(screen.getByRole("list", { name: "Deactivated users", hidden: true })).getByRole(
        "button",
        { name: "Yorick, Offline", hidden: true },
      ),
    ).toBeTruthy();
  });

  it("opens a user's card from their name", async () => {
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Polonius" }));
    expect(shellStore.getState().dialog).toEqual({ kind: "user", userId: polonius.user_id });
    // The card is its own chunk, loaded on this first open.
    const card = await screen.findByRole("dialog", { name: "Polonius" }, LAZY_CHUNK);
    expect(within(card).getByText("polonius@parley.test")).toBeTruthy();
    expect(within(card).getByText("Guest")).toBeTruthy();
  });
});

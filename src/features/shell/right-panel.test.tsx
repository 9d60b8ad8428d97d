// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserGroup } from "../../../common/wire/realm";
import { presenceQueries } from "../../queries/presence-queries";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import * as eg from "../../test/example-data";
import { RightPanel } from "./right-panel";
import { shellStore } from "./shell-store";

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const othello = eg.user({ user_id: 12, email: "othello@parley.test", full_name: "Othello" });
const hostile = eg.user({ user_id: 13, email: "evil@parley.test", full_name: HOSTILE });
const idle = eg.user({ user_id: 14, email: "viola@parley.test", full_name: "Viola" });

function group(fields: Partial<UserGroup>): UserGroup {
  return {
    id: 1,
    name: "design",
    description: "",
    members: [],
    direct_subgroup_ids: [],
    is_system_group: false,
    ...fields,
  };
}

/** jsdom has no IntersectionObserver: this one reports "in view" when a test says so. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: (entries: Pick<IntersectionObserverEntry, "isIntersecting">[]) => void,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element): void {
    this.observed.add(element);
  }
  disconnect(): void {
    this.observed.clear();
  }
  /** The observers watching something now say it came into view. */
  static bringIntoView(): void {
    for (const observer of FakeIntersectionObserver.instances.filter(
      (item) => item.observed.size > 0,
    )) {
      observer.callback([{ isIntersecting: true }]);
    }
  }
}

function renderPanel(panel: ReactNode = <RightPanel />, users = [eg.iago, othello, hostile, idle]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const now = Date.now() / 1000;
  queryClient.setQueryData(userQueries.list().queryKey, users);
  queryClient.setQueryData(presenceQueries.realm().queryKey, {
    presences: {
      "12": { active_timestamp: now - 10, idle_timestamp: now - 10 },
      "14": { active_timestamp: now - 3600, idle_timestamp: now - 20 },
    },
    server_timestamp: now,
  });
  queryClient.setQueryData(realmQueries.userGroups().queryKey, [
    group({
      id: 1,
      name: "design",
      description: HOSTILE,
      members: [othello.user_id, idle.user_id],
    }),
    group({ id: 2, name: "role:everyone", is_system_group: true }),
  ]);
  render(<QueryClientProvider client={queryClient}>{panel}</QueryClientProvider>);
  return queryClient;
}

/** A parent that renders again on a click, as the shell does on every narrow change. */
function Shell() {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setCount(count + 1);
        }}
      >
        Rendered {count}
      </button>
      <RightPanel />
    </div>
  );
}

beforeEach(() => {
  shellStore.setState({ dialog: null });
});

afterEach(() => {
  cleanup();
});

describe("RightPanel", () => {
  it("lists users active first, then idle, then offline, presence in words", () => {
    renderPanel();
    const users = screen.getByRole("list", { name: "Users" });
    const names = within(users)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(names).toEqual([
      "Othello, Active",
      "Viola, Idle",
      `${HOSTILE}, Offline`,
      "Iago, Offline",
    ]);
  });

  it("shows names and descriptions as text, never as HTML", async () => {
    renderPanel();
    await userEvent.click(screen.getByRole("button", { name: /^design/ }));
    // The user's name in the list, and the group's description.
    expect(screen.getAllByText(HOSTILE)).toHaveLength(2);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it("filters users by name or email", async () => {
    renderPanel();
    await userEvent.type(screen.getByRole("searchbox", { name: "Filter users" }), "VIOLA@");
    const users = screen.getByRole("list", { name: "Users" });
    expect(
      within(users)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["VViola"]);
  });

  it("lists people's groups, not system groups, and expands one to its members", async () => {
    renderPanel();
    const groups = screen.getByRole("list", { name: "User groups" });
    const toggle = within(groups).getByRole("button", { name: "design, 2 members" });
    expect(within(groups).queryByText(/role:everyone/)).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const members = screen.getByRole("list", { name: "Members of design" });
    expect(
      within(members)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Othello", "Viola"]);
  });

  it("opens a user's card on click", async () => {
    renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Othello, Active" }));
    expect(shellStore.getState().dialog).toEqual({ kind: "user", userId: othello.user_id });
  });

  it("is not rendered again when the shell around it is (a narrow change)", async () => {
    const queryClient = renderPanel(<Shell />);
    // Each render of a query hook (the users, presence and groups lists) resolves its options:
    // the count of those calls is the count of the panel's renders.
    const renders = vi.spyOn(queryClient, "defaultQueryOptions");
    await userEvent.click(screen.getByRole("button", { name: "Rendered 0" }));
    expect(screen.getByRole("button", { name: "Rendered 1" })).toBeDefined();
    expect(renders).not.toHaveBeenCalled();
  });

  it("renders a long list of users a screen at a time, more as its end nears the screen", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    try {
      const many = Array.from({ length: 100 }, (_, index) =>
        eg.user({
          user_id: 100 + index,
          email: `member${String(index).padStart(3, "0")}@parley.test`,
          full_name: `Member ${String(index).padStart(3, "0")}`,
        }),
      );
      renderPanel(<RightPanel />, many);
      const rows = () => within(screen.getByRole("list", { name: "Users" })).getAllByRole("button");
      expect(rows()).toHaveLength(40);
      act(() => {
        FakeIntersectionObserver.bringIntoView();
      });
      expect(rows()).toHaveLength(80);
      act(() => {
        FakeIntersectionObserver.bringIntoView();
      });
      expect(rows()).toHaveLength(100);
      expect(rows().at(-1)?.getAttribute("aria-label")).toBe("Member 099, Offline");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("filters the whole list, not only the rows rendered", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    try {
      const many = Array.from({ length: 100 }, (_, index) =>
        eg.user({ user_id: 100 + index, full_name: `Member ${String(index).padStart(3, "0")}` }),
      );
      renderPanel(<RightPanel />, many);
      await userEvent.type(screen.getByRole("searchbox", { name: "Filter users" }), "member 09");
      const users = screen.getByRole("list", { name: "Users" });
      expect(within(users).getAllByRole("button")).toHaveLength(10);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

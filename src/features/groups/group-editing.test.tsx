// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../../common/wire/users";
import { presenceQueries } from "../../queries/presence-queries";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { GroupDirectory } from "./group-directory";

const othello = eg.user({
  user_id: 12,
  email: "othello@parley.test",
  full_name: "Othello",
  role: 400,
  is_admin: false,
});
const viola = eg.user({
  user_id: 14,
  email: "viola@parley.test",
  full_name: "Viola",
  role: 600,
  is_admin: false,
  is_guest: true,
});
const design = wire.userGroup({
  id: 2,
  name: "design",
  description: "Looks.",
  members: [eg.hamlet.user_id, viola.user_id],
});
const support = wire.userGroup({ id: 3, name: "support", description: "", members: [12] });

let fake: ReturnType<typeof createFakeFetch>;

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  // Registered: the page reads the caches the snapshot seeded.
  sessionStore.setState({ client: api.client, queueId: "q" });
});

afterEach(() => {
  cleanup();
});

function renderAs(me: User) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userQueries.me().queryKey, { ...me, result: "success", msg: "" });
  queryClient.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet, othello, viola]);
  queryClient.setQueryData(realmQueries.userGroups().queryKey, [design, support]);
  queryClient.setQueryData(presenceQueries.realm().queryKey, {
    presences: {},
    server_timestamp: Date.now() / 1000,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <GroupDirectory />
    </QueryClientProvider>,
  );
}

/** What the page sent, leaving out the reads of caches the test did not seed (presence). */
function writes() {
  return fake.requests.filter((request) => request.method !== "GET");
}
function lastWrite() {
  return writes().at(-1);
}

/** The inline error of a field: the text of what describes it. */
function errorOf(input: HTMLElement): string {
  return document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
}

describe("who sees the editing buttons", () => {
  it("a member: Create, and Edit on the groups they are in", () => {
    renderAs(eg.hamlet);
    expect(screen.getByRole("button", { name: "Create a group" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit group design" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit group support" })).toBeNull();
  });

  it("an administrator: Edit everywhere; a guest: nothing", () => {
    renderAs(eg.iago);
    expect(screen.getAllByRole("button", { name: /^Edit group/ })).toHaveLength(2);
    cleanup();
    renderAs(viola);
    expect(screen.queryByRole("button", { name: "Create a group" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit group/ })).toBeNull();
  });
});

describe("creating a group", () => {
  it("checks the name beside its field, sends name, description and members, keeps all on a refusal", async () => {
    renderAs(eg.hamlet);
    await userEvent.click(screen.getByRole("button", { name: "Create a group" }));
    // The forms are a lazy chunk.
    const dialog = await screen.findByRole("dialog", { name: "Create a group" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(errorOf(name)).toBe("User group name can't be empty!");
    await userEvent.type(name, "Design");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(errorOf(name)).toBe("User group 'Design' already exists.");
    expect(writes()).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, "writers");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Description" }), "Words.");
    await userEvent.type(within(dialog).getByRole("combobox", { name: "Members" }), "Oth{Enter}");
    // Hamlet himself is in it from the start.
    expect(
      within(within(dialog).getByRole("list", { name: "Chosen users" })).getByText("King Hamlet"),
    ).toBeTruthy();
    fake.json(400, { result: "error", msg: "Invalid user ID: 12", code: "BAD_REQUEST" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Invalid user ID: 12");
    expect(lastWrite()).toMatchObject({ method: "POST", path: "/api/v1/user_groups/create" });
    expect(lastWrite()?.body).toEqual({
      name: "writers",
      description: "Words.",
      members: "[11,12]",
    });
    expect(name).toHaveProperty("value", "writers");

    fake.json(200, success({ group_id: 9 }));
    fake.json(200, success({ user_groups: [design, support] }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect((await screen.findByText("Created writers.")).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("editing a group", () => {
  async function openEditor() {
    renderAs(eg.hamlet);
    await userEvent.click(screen.getByRole("button", { name: "Edit group design" }));
    return screen.findByRole("group", { name: "Edit design" });
  }

  it("saves only what changed, and shows a refusal beside the name", async () => {
    const editor = await openEditor();
    const name = within(editor).getByRole("textbox", { name: "Name" });
    expect(document.activeElement).toBe(name);
    await userEvent.clear(name);
    await userEvent.type(name, "role:design");
    await userEvent.click(within(editor).getByRole("button", { name: "Save" }));
    expect(errorOf(name)).toBe("User group name cannot start with 'role:'.");
    expect(writes()).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, "look and feel");
    fake.json(400, { result: "error", msg: "User group 'look and feel' already exists." });
    await userEvent.click(within(editor).getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(errorOf(name)).toBe("User group 'look and feel' already exists.");
    });
    expect(lastWrite()).toMatchObject({ method: "PATCH", path: "/api/v1/user_groups/2" });
    expect(lastWrite()?.body).toEqual({ name: "look and feel" });
    expect(name).toHaveProperty("value", "look and feel");
  });

  it("adds and removes members", async () => {
    const editor = await openEditor();
    fake.json(200, success({}));
    fake.json(200, success({ user_groups: [design, support] }));
    await userEvent.click(within(editor).getByRole("button", { name: "Remove Viola from design" }));
    await within(editor).findByText("Removed Viola.");
    expect(writes()[0]).toMatchObject({
      method: "POST",
      path: "/api/v1/user_groups/2/members",
    });
    expect(writes()[0]?.body).toEqual({ add: "[]", delete: "[14]" });

    fake.json(200, success({}));
    fake.json(200, success({ user_groups: [design, support] }));
    await userEvent.type(
      within(editor).getByRole("combobox", { name: "Add members" }),
      "Oth{Enter}",
    );
    await userEvent.click(within(editor).getByRole("button", { name: "Add" }));
    await within(editor).findByText("Added Othello.");
    expect(writes()[1]?.body).toEqual({ add: "[12]", delete: "[]" });
  });

  it("deactivates only after the confirmation; Done gives the focus back to Edit", async () => {
    const editor = await openEditor();
    await userEvent.click(within(editor).getByRole("button", { name: "Deactivate group" }));
    expect(writes()).toHaveLength(0);
    const dialog = screen.getByRole("dialog", { name: "Deactivate design?" });
    fake.json(400, { result: "error", msg: "Insufficient permission" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Could not deactivate it: Insufficient permission",
    );
    expect(lastWrite()).toMatchObject({
      method: "POST",
      path: "/api/v1/user_groups/2/deactivate",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.click(within(editor).getByRole("button", { name: "Done" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit group design" }));
  });
});

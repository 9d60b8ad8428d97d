// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Linkifier } from "../../../common/wire/realm";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { LinkifierSettings } from "./linkifier-settings";

let fake: ReturnType<typeof createFakeFetch>;
let queryClient: QueryClient;

const first = wire.linkifier();
const second = wire.linkifier({
  id: 2,
  pattern: "(?P<id>PAR-[0-9]+)",
  url_template: "https://t.example/{id}",
});
const third = wire.linkifier({
  id: 3,
  pattern: "BUG-(?P<id>[0-9]+)",
  url_template: "https://b.example/{id}",
});

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.setState({ client: api.client });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userQueries.me().queryKey, { ...eg.iago, result: "success", msg: "" });
  queryClient.setQueryData(realmQueries.linkifiers().queryKey, [first, second, third]);
  render(
    <QueryClientProvider client={queryClient}>
      <LinkifierSettings />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
});

/** What a `realm_linkifiers` event does to the list (queries/query-events.ts). */
function listArrives(list: Linkifier[]) {
  act(() => {
    queryClient.setQueryData(realmQueries.linkifiers().queryKey, list);
  });
}

function patterns(): string[] {
  const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
  return rows.map((row) => row.querySelector("code")?.textContent ?? "");
}

/** Types `text` key by key (user-event reads `{` and `[` as key names unless doubled). */
function typeInto(input: HTMLElement, text: string): Promise<void> {
  return userEvent.type(
    input,
    text.replace(/[{[]/g, (char) => char + char),
  );
}

describe("reordering linkifiers", () => {
  it("sends every id in the new order, and keeps the focus on the moved row", async () => {
    const down = screen.getByRole("button", { name: `Move down: ${first.pattern}` });
    expect(screen.getByRole("button", { name: `Move up: ${first.pattern}` })).toHaveProperty(
      "disabled",
      true,
    );
    fake.json(200, success({}));
    await userEvent.click(down);
    expect(fake.lastRequest).toMatchObject({ method: "PATCH", path: "/api/v1/realm/linkifiers" });
    expect(fake.lastRequest.body).toEqual({ ordered_linkifier_ids: "[2,1,3]" });
    // The table follows the event, not the answer.
    expect(patterns()[0]).toBe(first.pattern);
    listArrives([second, first, third]);
    await waitFor(() => {
      expect(patterns()).toEqual([second.pattern, first.pattern, third.pattern]);
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: `Move down: ${first.pattern}` }),
      );
    });
  });

  it("works from the keyboard and moves the focus to Move up at the bottom", async () => {
    screen.getByRole("button", { name: `Move down: ${second.pattern}` }).focus();
    fake.json(200, success({}));
    await userEvent.keyboard("{Enter}");
    expect(fake.lastRequest.body).toEqual({ ordered_linkifier_ids: "[1,3,2]" });
    listArrives([first, third, second]);
    await waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: `Move up: ${second.pattern}` }),
      );
    });
  });

  it("says why a move failed and keeps the order", async () => {
    fake.json(400, { result: "error", msg: "Must be an organization administrator" });
    await userEvent.click(screen.getByRole("button", { name: `Move up: ${third.pattern}` }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      `Could not move ${third.pattern}: Must be an organization administrator`,
    );
    expect(patterns()).toEqual([first.pattern, second.pattern, third.pattern]);
  });
});

describe("editing a linkifier in place", () => {
  it("checks the draft as typed, sends it, and shows the server's refusal beside its field", async () => {
    await userEvent.click(screen.getByRole("button", { name: `Edit linkifier ${third.pattern}` }));
    const form = await screen.findByRole("form", { name: `Edit linkifier ${third.pattern}` });
    const pattern = within(form).getByRole("textbox", { name: "Pattern" });
    const template = within(form).getByRole("textbox", { name: "URL template" });
    expect(document.activeElement).toBe(pattern);
    await userEvent.clear(template);
    await typeInto(template, "https://b.example/{nope}");
    expect(template.getAttribute("aria-invalid")).toBe("true");
    await userEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(fake.requests).toHaveLength(0);

    await userEvent.clear(template);
    await typeInto(template, "https://bugs.example/{id}");
    const msg = "Linkifier with this Pattern and Realm already exists.";
    fake.json(400, { result: "error", msg, errors: { pattern: [msg] } });
    await userEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(msg)).toBeTruthy();
    expect(template).toHaveProperty("value", "https://bugs.example/{id}");
    expect(fake.lastRequest).toMatchObject({ method: "PATCH", path: "/api/v1/realm/filters/3" });
    expect(fake.lastRequest.body).toEqual({
      pattern: third.pattern,
      url_template: "https://bugs.example/{id}",
    });

    fake.json(200, success({}));
    await userEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(screen.queryByRole("form", { name: /Edit linkifier/ })).toBeNull();
    });
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: `Edit linkifier ${third.pattern}` }),
    );
  });

  it("Escape and Cancel leave it as it was, sending nothing", async () => {
    await userEvent.click(screen.getByRole("button", { name: `Edit linkifier ${first.pattern}` }));
    const form = await screen.findByRole("form", { name: `Edit linkifier ${first.pattern}` });
    await typeInto(within(form).getByRole("textbox", { name: "Pattern" }), "x");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("form", { name: /Edit linkifier/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: `Edit linkifier ${first.pattern}` }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: /Edit linkifier/ })).toBeNull();
    expect(fake.requests).toHaveLength(0);
    expect(patterns()).toEqual([first.pattern, second.pattern, third.pattern]);
  });
});

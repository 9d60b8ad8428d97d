// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../../common/wire/users";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { LinkifierSettings } from "./linkifier-settings";

let fake: ReturnType<typeof createFakeFetch>;

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.setState({ client: api.client });
});

afterEach(() => {
  cleanup();
});

function renderPage(me: User) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userQueries.me().queryKey, { ...me, result: "success", msg: "" });
  queryClient.setQueryData(realmQueries.linkifiers().queryKey, [wire.linkifier()]);
  render(
    <QueryClientProvider client={queryClient}>
      <LinkifierSettings />
    </QueryClientProvider>,
  );
}

/** Types `text` key by key (user-event reads `{` and `[` as key names unless doubled). */
function typeInto(input: HTMLElement, text: string): Promise<void> {
  return userEvent.type(
    input,
    text.replace(/[{[]/g, (char) => char + char),
  );
}

const pattern = () => screen.getByRole("textbox", { name: "Pattern" });
const template = () => screen.getByRole("textbox", { name: "URL template" });

/** The inline error of a field: the text of what describes it, past the hint. */
function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  return document.getElementById(ids[1] ?? "")?.textContent ?? "";
}

describe("LinkifierSettings for members", () => {
  it("shows the list read-only and says who can change it", () => {
    renderPage(eg.hamlet);
    const table = screen.getByRole("table");
    expect(within(table).getByText("zulip#(?P<id>[0-9]+)")).toBeTruthy();
    expect(within(table).getByText("https://github.com/zulip/zulip/issues/{id}")).toBeTruthy();
    expect(
      screen.getByText(/Only organization administrators can add, edit, reorder or delete/),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Delete linkifier/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit linkifier|Move/ })).toBeNull();
    expect(screen.queryByRole("form", { name: "Add a linkifier" })).toBeNull();
  });
});

describe("LinkifierSettings for administrators", () => {
  it("shows each error beside its field as the draft is typed, and sends nothing", async () => {
    renderPage(eg.iago);
    await typeInto(await screen.findByRole("textbox", { name: "Pattern" }), "PAR-(?P<id>[0-9]+");
    expect(errorOf(pattern())).toBe(
      "Bad regular expression: missing closing ): `PAR-(?P<id>[0-9]+`",
    );
    expect(pattern().getAttribute("aria-invalid")).toBe("true");
    await typeInto(pattern(), ")");
    expect(errorOf(pattern())).toBe("");
    await typeInto(template(), "https://t.example/{num}");
    expect(errorOf(template())).toBe(
      "Group 'num' in URL template is not present in linkifier pattern.",
    );
    await userEvent.clear(template());
    await typeInto(template(), "javascript:alert({id})");
    expect(errorOf(template())).toBe("URL scheme not allowed");
    await userEvent.click(screen.getByRole("button", { name: "Add linkifier" }));
    expect(fake.requests).toHaveLength(0);
  });

  it("shows blank fields as errors only once the user tries to add", async () => {
    renderPage(eg.iago);
    const tryIt = within(await screen.findByRole("group", { name: "Try it" }));
    // Nothing done yet: no error above, so "Try it" asks for the fields, not for fixes.
    tryIt.getByText("Fill in the pattern and the URL template to try the linkifier.");
    await userEvent.click(await screen.findByRole("button", { name: "Add linkifier" }));
    tryIt.getByText("Fix the errors above to try the linkifier.");
    expect(errorOf(pattern())).toBe("This field cannot be blank.");
    expect(errorOf(template())).toBe("This field cannot be blank.");
    expect(fake.requests).toHaveLength(0);
  });

  it("tries a valid draft on sample text, shown as text and URL", async () => {
    renderPage(eg.iago);
    await typeInto(await screen.findByRole("textbox", { name: "Pattern" }), "PAR-(?P<id>[0-9]+)");
    await typeInto(template(), "https://t.example/{id}");
    await typeInto(screen.getByRole("textbox", { name: "Sample text" }), "Fixed PAR-42 today");
    const links = screen.getByRole("list", { name: "Links it would make" });
    expect(within(links).getByRole("listitem").textContent).toBe(
      "PAR-42 →  links to https://t.example/42",
    );
    expect(within(links).queryByRole("link")).toBeNull();
  });

  it("sends a valid draft, and shows the server's refusal beside its field", async () => {
    renderPage(eg.iago);
    await typeInto(await screen.findByRole("textbox", { name: "Pattern" }), "PAR-(?P<id>[0-9]+)");
    await typeInto(template(), "https://t.example/{id}");
    const msg = "Linkifier with this Pattern and Realm already exists.";
    fake.json(400, { result: "error", msg, errors: { pattern: [msg] } });
    await userEvent.click(screen.getByRole("button", { name: "Add linkifier" }));
    expect(await screen.findByText(msg)).toBeTruthy();
    expect(errorOf(pattern())).toBe(msg);
    expect(fake.requests[0]).toMatchObject({ method: "POST" });
    expect(fake.requests[0]?.body).toEqual({
      pattern: "PAR-(?P<id>[0-9]+)",
      url_template: "https://t.example/{id}",
    });

    fake.json(200, success({ id: 9 }));
    await userEvent.click(screen.getByRole("button", { name: "Add linkifier" }));
    expect((await screen.findByRole("status")).textContent).toBe("Added PAR-(?P<id>[0-9]+).");
    expect(pattern()).toHaveProperty("value", "");
  });

  it("deletes only after the confirmation", async () => {
    renderPage(eg.iago);
    await userEvent.click(
      screen.getByRole("button", { name: "Delete linkifier zulip#(?P<id>[0-9]+)" }),
    );
    expect(fake.requests).toHaveLength(0);
    const dialog = screen.getByRole("dialog", { name: "Delete linkifier?" });
    fake.json(200, success({}));
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(fake.requests[0]).toMatchObject({ method: "DELETE", path: "/api/v1/realm/filters/1" });
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { streamNameProblem } from "./create-stream-dialog";
import { StreamBrowser } from "./stream-browser";
import { LAZY_CHUNK } from "../../test/lazy-chunk";

const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">';
let fake: ReturnType<typeof createFakeFetch>;

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.getState().login({ email: eg.iago.email, apiKey: "k", userId: eg.iago.user_id });
  sessionStore.setState({ client: api.client });
  window.location.hash = "";
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
});

const general = wire.stream({ stream_id: 12, name: "general" });
const design = wire.stream({
  stream_id: 40,
  name: "design",
  description: "Pixels",
  rendered_description:
    '<p>Pixels <img src="x" onerror="window.__pwned=1"> <a href="javascript:alert(1)">here</a></p>',
});
const hostile = wire.stream({
  stream_id: 50,
  name: HOSTILE_NAME,
  description: "",
  rendered_description: "",
  invite_only: true,
});

function renderBrowser() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(streamQueries.list().queryKey, [general, design, hostile]);
  queryClient.setQueryData(subscriptionQueries.list().queryKey, [
    wire.subscription({ stream_id: 12, name: "general" }),
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <StreamBrowser />
    </QueryClientProvider>,
  );
}

function cards(): HTMLElement[] {
  return within(screen.getByRole("list", { name: "Streams" })).getAllByRole("listitem");
}

function cardNamed(name: string): HTMLElement {
  const card = cards().find((item) =>
    within(item).queryByRole("heading", { name: new RegExp(`^${name}`) }),
  );
  if (card === undefined) throw new Error(`no card for ${name}`);
  return card;
}

/** A card's stream link, the row the keys move between. */
function nameLink(card: HTMLElement): HTMLElement {
  return within(within(card).getByRole("heading")).getByRole("link");
}

describe("StreamBrowser", () => {
  it("lists every stream by name, names and descriptions as text or sanitised HTML", () => {
    renderBrowser();
    expect(cards().map((card) => card.dataset["streamId"])).toEqual(["50", "40", "12"]);
    const hostileCard = cards()[0]!;
    expect(within(hostileCard).getByRole("link", { name: HOSTILE_NAME })).toBeTruthy();
    expect(within(hostileCard).getByText("Private")).toBeTruthy();
    expect(within(hostileCard).getByText("No description.")).toBeTruthy();
    const designCard = cardNamed("design");
    expect(designCard.textContent).toContain("Pixels");
    const image = designCard.querySelector("img");
    expect(image?.getAttribute("onerror") ?? null).toBeNull();
    expect(designCard.querySelector('a[href^="javascript"]')).toBeNull();
    expect(Reflect.get(window, "__pwned")).toBeUndefined();
    expect(within(cardNamed("general")).getByText("Subscribed")).toBeTruthy();
  });

  it("filters by name or description, and by subscription", async () => {
    renderBrowser();
    await userEvent.type(screen.getByRole("searchbox", { name: "Filter streams" }), "pixel");
    expect(cards().map((card) => card.dataset["streamId"])).toEqual(["40"]);
    await userEvent.clear(screen.getByRole("searchbox", { name: "Filter streams" }));
    await userEvent.click(screen.getByRole("radio", { name: "Subscribed" }));
    expect(cards().map((card) => card.dataset["streamId"])).toEqual(["12"]);
    await userEvent.click(screen.getByRole("radio", { name: "Not subscribed" }));
    expect(cards().map((card) => card.dataset["streamId"])).toEqual(["50", "40"]);
  });

  it("subscribes, and shows the server's refusal naming the stream", async () => {
    renderBrowser();
    fake.json(
      200,
      success({ subscribed: { [eg.iago.email]: ["design"] }, already_subscribed: {} }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Subscribe to design" }));
    await waitFor(() => {
      expect(fake.requests.length).toBeGreaterThan(0);
    });
    expect(fake.requests[0]!.method).toBe("POST");
    expect(fake.requests[0]!.path).toBe("/api/v1/users/me/subscriptions");
    expect(JSON.parse(fake.requests[0]!.body["subscriptions"] ?? "")).toEqual([{ name: "design" }]);

    fake.json(400, { result: "error", msg: `Unable to access stream (${HOSTILE_NAME}).` });
    await userEvent.click(screen.getByRole("button", { name: `Subscribe to ${HOSTILE_NAME}` }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      `Could not subscribe to #${HOSTILE_NAME}: Unable to access stream (${HOSTILE_NAME}).`,
    );
  });

  it("unsubscribes after a confirmation", async () => {
    renderBrowser();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe from general" }));
    const dialog = screen.getByRole("dialog", { name: "Unsubscribe from #general?" });
    expect(fake.requests).toHaveLength(0);
    fake.json(200, success({ removed: ["general"], not_removed: [] }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Unsubscribe" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(fake.requests[0]!.method).toBe("DELETE");
    expect(JSON.parse(fake.requests[0]!.query["subscriptions"] ?? "")).toEqual(["general"]);
  });

  it("creates a stream from the dialog and opens it", async () => {
    renderBrowser();
    await userEvent.click(screen.getByRole("button", { name: "Create stream" }));
    // The form is its own chunk, loaded on this first open.
    const dialog = await screen.findByRole("dialog", { name: "Create stream" }, LAZY_CHUNK);
    const create = within(dialog).getByRole("button", { name: "Create" });
    await userEvent.click(create);
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a name for the stream.");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Name" }), "General");
    await userEvent.click(create);
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "A stream named “general” already exists.",
    );
    await userEvent.clear(within(dialog).getByRole("textbox", { name: "Name" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Name" }), " plans ");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Description" }), "Roadmap");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Private/ }));
    fake.json(200, success({ subscribed: { [eg.iago.email]: ["plans"] }, already_subscribed: {} }));
    fake.json(
      200,
      success({ subscriptions: [wire.subscription({ stream_id: 77, name: "plans" })] }),
    );
    await userEvent.click(create);
    await waitFor(() => {
      expect(window.location.hash).toBe(narrowToHash(streamNarrow(77, "plans")));
    });
    const sent = fake.requests[0]!.body;
    expect(JSON.parse(sent["subscriptions"] ?? "")).toEqual([
      { name: "plans", description: "Roadmap" },
    ]);
    expect(sent["invite_only"]).toBe("true");
    expect(sent["announce"]).toBe("true");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("takes Zulip's channel settings keys: arrows, ← →, n, Shift+V and Shift+S", async () => {
    renderBrowser();
    const filter = screen.getByRole("searchbox", { name: "Filter streams" });
    filter.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(nameLink(cards()[0]!));
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(nameLink(cardNamed("design")));
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(filter);

    // ← and → switch between All, Subscribed and Not subscribed.
    await userEvent.keyboard("{ArrowDown}{ArrowRight}");
    expect(screen.getByRole("radio", { name: "Subscribed" })).toHaveProperty("checked", true);
    expect(cards().map((card) => card.dataset["streamId"])).toEqual(["12"]);
    nameLink(cards()[0]!).focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "All" })).toHaveProperty("checked", true);
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("radio", { name: "Not subscribed" })).toHaveProperty("checked", true);
    await userEvent.click(screen.getByRole("radio", { name: "All" }));

    // Shift+S on a stream not subscribed to subscribes; on one subscribed to asks first.
    nameLink(cardNamed("design")).focus();
    fake.json(
      200,
      success({ subscribed: { [eg.iago.email]: ["design"] }, already_subscribed: {} }),
    );
    await userEvent.keyboard("{Shift>}S{/Shift}");
    await waitFor(() => {
      expect(fake.requests.length).toBe(1);
    });
    expect(JSON.parse(fake.requests[0]!.body["subscriptions"] ?? "")).toEqual([{ name: "design" }]);
    nameLink(cardNamed("general")).focus();
    await userEvent.keyboard("{Shift>}S{/Shift}");
    const confirm = screen.getByRole("dialog", { name: "Unsubscribe from #general?" });
    expect(fake.requests.length).toBe(1);
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));

    // Shift+V opens the stream's messages.
    nameLink(cardNamed("general")).focus();
    await userEvent.keyboard("{Shift>}V{/Shift}");
    expect(window.location.hash).toBe(narrowToHash(streamNarrow(12, "general")));

    // Letters typed in the filter box are text; n elsewhere creates a stream.
    await userEvent.type(filter, "n");
    expect(screen.queryByRole("dialog")).toBeNull();
    nameLink(cardNamed("general")).focus();
    await userEvent.keyboard("n");
    screen.getByRole("dialog", { name: "Create stream" });
  });
});

describe("streamNameProblem", () => {
  it("refuses empty, too long and taken names, ignoring case and spaces", () => {
    expect(streamNameProblem("  ", [])).not.toBeNull();
    expect(streamNameProblem("x".repeat(61), [])).toMatch(/at most 60/);
    expect(streamNameProblem("x".repeat(60), [])).toBeNull();
    expect(streamNameProblem(" DESIGN ", [design])).toBe("A stream named “design” already exists.");
  });
});

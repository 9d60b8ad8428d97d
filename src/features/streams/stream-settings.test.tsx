// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../../common/wire/streams";
import { streamQueries } from "../../queries/stream-queries";
import { subscriberQueries } from "../../queries/subscriber-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { describeAdded } from "./subscribers";
import { StreamSettings } from "./stream-settings";

const othello = eg.user({ user_id: 13, email: "othello@parley.test", full_name: "Othello" });
const cordelia = eg.user({ user_id: 14, email: "cordelia@parley.test", full_name: "Cordelia" });
const board = wire.stream({
  stream_id: 30,
  name: "board",
  invite_only: true,
  description: "Decisions",
  rendered_description: "<p>Decisions</p>",
});
let fake: ReturnType<typeof createFakeFetch>;

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.getState().login({ email: eg.hamlet.email, apiKey: "k", userId: eg.hamlet.user_id });
  sessionStore.setState({ client: api.client });
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
});

function renderSettings(subscriptions: Subscription[], streamId = 30) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(streamQueries.list().queryKey, [board]);
  queryClient.setQueryData(subscriptionQueries.list().queryKey, subscriptions);
  queryClient.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet, othello, cordelia]);
  queryClient.setQueryData(
    subscriberQueries.byStream().queryKey,
    new Map([[30, [eg.hamlet.user_id, othello.user_id]]]),
  );
  render(
    <QueryClientProvider client={queryClient}>
      <StreamSettings streamId={streamId} streamName="board" />
    </QueryClientProvider>,
  );
}

const subscribed = [wire.subscription({ ...board, stream_id: 30, name: "board" })];

describe("StreamSettings", () => {
  it("shows the stream, its privacy and its subscribers, with Remove for others", () => {
    renderSettings(subscribed);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("#board");
    expect(screen.getByText(/^Private: only subscribers/)).toBeTruthy();
    expect(screen.getByText("Decisions")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Subscribers (2)" })).toBeTruthy();
    const list = screen.getByRole("list", { name: "Subscribers of board" });
    const names = within(list)
      .getAllByRole("listitem")
      .map((item) => item.querySelector(".subscriber-name")?.textContent);
    expect(names).toEqual(["King Hamlet (you)", "Othello"]);
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Remove Othello"]);
    expect(screen.getByText("You are subscribed to #board.")).toBeTruthy();
  });

  it("adds subscribers chosen with the typeahead, by email, and says who was added", async () => {
    renderSettings(subscribed);
    await userEvent.type(screen.getByRole("combobox", { name: "Add subscribers" }), "cor{Enter}");
    fake.json(
      200,
      success({ subscribed: { "cordelia@parley.test": ["board"] }, already_subscribed: {} }),
    );
    fake.json(200, success({ subscriptions: [] }));
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    expect((await screen.findByRole("status")).textContent).toBe("Added Cordelia to #board.");
    const sent = fake.requests[0]!.body;
    expect(JSON.parse(sent["subscriptions"] ?? "")).toEqual([{ name: "board" }]);
    expect(JSON.parse(sent["principals"] ?? "")).toEqual(["cordelia@parley.test"]);
  });

  it("shows plainly why removing someone was refused", async () => {
    renderSettings(subscribed);
    fake.json(400, { result: "error", msg: "Insufficient permission", code: "BAD_REQUEST" });
    fake.json(200, success({ subscriptions: [] }));
    await userEvent.click(screen.getByRole("button", { name: "Remove Othello" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not remove Othello from #board: Insufficient permission",
    );
    expect(fake.requests[0]!.method).toBe("DELETE");
    expect(JSON.parse(fake.requests[0]!.query["principals"] ?? "")).toEqual([
      "othello@parley.test",
    ]);
  });

  it("offers Subscribe to a non-subscriber, who cannot see the subscribers", async () => {
    renderSettings([]);
    expect(screen.getByText("You are not subscribed to #board.")).toBeTruthy();
    expect(screen.getByText(/Only subscribers can see who/)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Subscribers of board" })).toBeNull();
    fake.json(400, { result: "error", msg: "Unable to access stream (board)." });
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => {
      expect(screen.getByRole("alert").textContent).toBe(
        "Could not subscribe to #board: Unable to access stream (board).",
      );
    });
  });

  it("says so when the stream is unknown", () => {
    renderSettings([], 99);
    expect(screen.getByRole("alert").textContent).toContain("#board does not exist");
  });
});

describe("describeAdded", () => {
  it("names who was added and who already was, by email or by id", () => {
    expect(
      describeAdded(
        { subscribed: { "13": ["x"] }, already_subscribed: { "cordelia@parley.test": ["x"] } },
        [othello, cordelia],
        "x",
      ),
    ).toBe("Added Othello to #x. Cordelia was already subscribed.");
    expect(describeAdded({ subscribed: {}, already_subscribed: {} }, [othello], "x")).toBe(
      "No one was added to #x.",
    );
  });

  it("sends one's personal settings, and says when one is refused", async () => {
    renderSettings([
      wire.subscription({ ...board, stream_id: 30, name: "board", desktop_notifications: true }),
    ]);
    const section = screen.getByRole("region", { name: "Personal settings" });
    const desktop = within(section).getByRole("combobox", { name: "Desktop notifications" });
    expect((desktop as HTMLSelectElement).value).toBe("on");
    fake.json(200, success({}));
    await userEvent.selectOptions(desktop, "default");
    fake.json(200, success({}));
    await userEvent.click(within(section).getByRole("checkbox", { name: "Mute stream" }));
    await waitFor(() => {
      expect(fake.requests).toHaveLength(2);
    });
    expect(fake.requests.map((request) => request.body["subscription_data"])).toEqual([
      '[{"stream_id":30,"property":"desktop_notifications","value":null}]',
      '[{"stream_id":30,"property":"is_muted","value":true}]',
    ]);
    fake.json(400, { result: "error", msg: "Invalid stream ID", code: "BAD_REQUEST" });
    await userEvent.click(within(section).getByRole("checkbox", { name: /Pin to top/ }));
    expect((await within(section).findByRole("alert")).textContent).toBe(
      "Could not save the setting: Invalid stream ID",
    );
  });
});

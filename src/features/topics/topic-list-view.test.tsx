// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Topic } from "../../../common/wire/streams";
import { narrowToHash, topicNarrow } from "../../lib/narrow";
import { streamQueries } from "../../queries/stream-queries";
import { topicActivityQueries } from "../../queries/topic-activity-queries";
import { messageStore } from "../../stores/message-store";
import { sessionStore } from "../../stores/session-store";
import { unreadStore } from "../../stores/unread-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import type { createFakeFetch } from "../../test/fake-fetch";
import { formatRelativeTime } from "./relative-time";
import { TopicListView } from "./topic-list-view";

const GENERAL = 12;
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const NOW_SECONDS = Math.floor(Date.now() / 1000);
let fake: ReturnType<typeof createFakeFetch>;

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.getState().login({ email: eg.iago.email, apiKey: "k", userId: eg.iago.user_id });
  sessionStore.setState({ client: api.client });
  unreadStore.getState().snapshotLoaded(
    {
      count: 3,
      streams: [{ stream_id: GENERAL, topic: "Lunch", unread_message_ids: [301, 302, 303] }],
      pms: [],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
    eg.iago.user_id,
  );
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  messageStore.getState().reset();
  unreadStore.getState().reset();
});

function renderView(topics: Topic[] | undefined, activity = new Map<string, number>()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (topics !== undefined)
    queryClient.setQueryData(streamQueries.topics(GENERAL).queryKey, topics);
  queryClient.setQueryData(topicActivityQueries.stream(GENERAL).queryKey, activity);
  render(
    <QueryClientProvider client={queryClient}>
      <TopicListView streamId={GENERAL} streamName="general" />
    </QueryClientProvider>,
  );
}

function rowNames(): string[] {
  return screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getByRole("rowheader").textContent);
}

describe("TopicListView", () => {
  it("lists topics newest first with links, unread counts and the last activity known", () => {
    messageStore.getState().messagesReceived([
      {
        message: eg.streamMessage({ id: 90, subject: "standup", timestamp: NOW_SECONDS - 7200 }),
        flags: [],
      },
    ]);
    renderView(
      [wire.topic("standup", 90), wire.topic("Lunch", 303), wire.topic("old", 5)],
      new Map([["lunch", NOW_SECONDS - 300]]),
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Topics in #general");
    expect(rowNames()).toEqual(["Lunch", "standup", "old"]);
    const [lunch, standup, old] = screen.getAllByRole("row").slice(1);
    expect(within(lunch!).getByRole("link").getAttribute("href")).toBe(
      narrowToHash(topicNarrow(GENERAL, "general", "Lunch")),
    );
    expect(within(lunch!).getByText("3").getAttribute("aria-label")).toBe("3 unread");
    expect(within(lunch!).getByText("5 minutes ago")).toBeTruthy();
    expect(within(standup!).getByText("2 hours ago")).toBeTruthy();
    expect(within(old!).getByTitle("Not loaded yet")).toBeTruthy();
    expect(within(standup!).queryByRole("button", { name: "Mark “standup” as read" })).toBeNull();
    expect(within(standup!).getByRole("button", { name: "Mute or follow standup" })).toBeTruthy();
    expect(screen.getByText("3 topics")).toBeTruthy();
  });

  it("dims a muted topic and marks a followed one, live", async () => {
    renderView([wire.topic("standup", 90), wire.topic("Lunch", 303)]);
    const row = (name: string) => document.querySelector(`tr[data-topic="${name}"]`);
    expect(row("Lunch")?.classList.contains("is-muted")).toBe(false);
    unreadStore.getState().topicPolicyChanged(GENERAL, "lunch", 1);
    unreadStore.getState().topicPolicyChanged(GENERAL, "standup", 3);
    await screen.findByText("muted");
    expect(row("Lunch")?.classList.contains("is-muted")).toBe(true);
    expect(within(row("standup") as HTMLElement).getByText("followed")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Mute or follow Lunch" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Unmute topic",
      "Follow topic",
    ]);
  });

  it("filters by name, and says when nothing matches", async () => {
    renderView([wire.topic("standup", 90), wire.topic("Lunch", 303)]);
    const filter = screen.getByRole("searchbox", { name: "Filter topics" });
    await userEvent.type(filter, "LUN");
    expect(rowNames()).toEqual(["Lunch"]);
    expect(screen.getByText("1 of 2 topics")).toBeTruthy();
    await userEvent.type(filter, "x");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No topic matches “LUNx”.")).toBeTruthy();
  });

  it("shows hostile topic names as text", () => {
    renderView([wire.topic(HOSTILE, 10)]);
    expect(rowNames()).toEqual([HOSTILE]);
    expect(document.querySelector("img")).toBeNull();
    expect(Reflect.get(window, "__pwned")).toBeUndefined();
  });

  it("has an empty state, and an error state that can retry", async () => {
    renderView([]);
    expect(screen.getByText("No one has written in #general yet.")).toBeTruthy();
    cleanup();
    fake.json(400, { result: "error", msg: "Invalid stream ID", code: "BAD_REQUEST" });
    renderView(undefined);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the topics of #general: Invalid stream ID");
    fake.json(200, { result: "success", msg: "", topics: [wire.topic("back", 3)] });
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "back" })).toBeTruthy();
  });
});

describe("formatRelativeTime", () => {
  const now = 1_700_000_000_000;
  it.each([
    [10, "just now"],
    [59 * 60, "59 minutes ago"],
    [3 * 3600 + 5, "3 hours ago"],
    [26 * 3600, "yesterday"],
    [4 * 86_400, "4 days ago"],
  ])("%i seconds ago reads %s", (ago, text) => {
    expect(formatRelativeTime(now / 1000 - ago, now)).toBe(text);
  });

  it("gives the date beyond a week", () => {
    expect(formatRelativeTime(now / 1000 - 30 * 86_400, now)).toMatch(/2023/);
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../../../common/wire/message";
import { topicNarrow } from "../../lib/narrow";
import { topicsHash, type Route } from "../../lib/route";
import { conversationQueries } from "../../queries/conversation-queries";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import { messageStore } from "../../stores/message-store";
import { sessionStore } from "../../stores/session-store";
import { uiStore } from "../../stores/ui-store";
import { unreadStore } from "../../stores/unread-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { DEFAULT_MOVE_RULES } from "../../lib/move-rules";
import { realmQueries } from "../../queries/realm-queries";
import { shellStore } from "../shell/shell-store";
import { Sidebar } from "./sidebar";

const OWN = eg.iago.user_id;
const GENERAL = 12;
const BOARD = 30;
const DESIGN = 40;
const othello = eg.user({ user_id: 13, email: "othello@parley.test", full_name: "Othello" });

let fake: ReturnType<typeof createFakeFetch>;

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.getState().login({ email: eg.iago.email, apiKey: "k", userId: OWN });
  sessionStore.setState({ client: api.client });
  messageStore.getState().sessionStarted(OWN);
  unreadStore.getState().snapshotLoaded(
    {
      count: 4,
      streams: [
        { stream_id: GENERAL, topic: "lunch", unread_message_ids: [101, 102] },
        { stream_id: DESIGN, topic: "logo", unread_message_ids: [103] },
      ],
      pms: [{ other_user_id: othello.user_id, unread_message_ids: [104] }],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
    OWN,
  );
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  messageStore.getState().reset();
  unreadStore.getState().reset();
  uiStore.setState({ isLeftDrawerOpen: false });
});

const generalTopics = [
  wire.topic("lunch", 102),
  wire.topic("standup", 90),
  wire.topic("Hello", 50),
];

function renderSidebar(route: Route, topics = generalTopics, withMoveRules = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (withMoveRules) {
    queryClient.setQueryData(realmQueries.moveRules().queryKey, DEFAULT_MOVE_RULES);
  }
  queryClient.setQueryData(subscriptionQueries.list().queryKey, [
    wire.subscription({ stream_id: GENERAL, name: "general" }),
    wire.subscription({ stream_id: DESIGN, name: "design", color: "url(x)" }),
    wire.subscription({ stream_id: BOARD, name: "board", invite_only: true }),
  ]);
  queryClient.setQueryData(streamQueries.topics(GENERAL).queryKey, topics);
  queryClient.setQueryData(conversationQueries.recent().queryKey, [
    { max_message_id: 104, user_ids: [othello.user_id] },
    { max_message_id: 60, user_ids: [eg.hamlet.user_id] },
  ]);
  queryClient.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet, othello]);
  render(
    <QueryClientProvider client={queryClient}>
      <Sidebar currentRoute={route} />
    </QueryClientProvider>,
  );
}

const lunchRoute: Route = { kind: "narrow", narrow: topicNarrow(GENERAL, "general", "lunch") };

function streamsNav() {
  return screen.getByRole("navigation", { name: "Streams" });
}

function countOf(link: HTMLElement): string | undefined {
  return link.querySelector(".unread-count")?.textContent;
}

function dmDirect(id: number, senderId: number, others: number[]): Message {
  return eg.streamMessage({
    id,
    type: "private",
    subject: "",
    stream_id: undefined,
    sender_id: senderId,
    display_recipient: [OWN, ...others].map((userId) => ({
      id: userId,
      email: `u${userId}@parley.test`,
      full_name: `U${userId}`,
    })),
  });
}

describe("Sidebar", () => {
  it("lists streams by name with counts, a lock for private ones, and no unsafe colour", () => {
    renderSidebar({ kind: "home" });
    const links = within(streamsNav()).getAllByRole("link", { name: /^(board|design|general)$/ });
    expect(links.map((link) => link.dataset["streamId"])).toEqual(["30", "40", "12"]);
    expect(links.map((link) => link.classList.contains("stream-link"))).toEqual([true, true, true]);
    expect(links.map(countOf)).toEqual([undefined, "1", "2"]);
    expect(within(links[0]!).getByText("private")).toBeTruthy();
    expect(within(links[2]!).queryByText("private")).toBeNull();
    expect(links[1]!.querySelector<HTMLElement>(".stream-dot")?.style.backgroundColor).toBe("");
    // Nothing is expanded away from a stream.
    expect(screen.queryByRole("list", { name: "Topics in general" })).toBeNull();
  });

  it("expands the current stream with all its topics, the current one marked", () => {
    renderSidebar(lunchRoute);
    const topics = screen.getByRole("list", { name: "Topics in general" });
    const links = within(topics).getAllByRole("link");
    // Every topic is listed, so there are no more topics to offer.
    expect(links.map((link) => link.textContent)).toEqual(["lunch2", "standup", "Hello"]);
    expect(links[0]!.getAttribute("aria-current")).toBe("page");
    const general = within(streamsNav()).getByRole("link", { name: "general" });
    expect(general.getAttribute("aria-current")).toBe("true");
  });

  it("offers more topics only when some are left out", () => {
    const many = Array.from({ length: 9 }, (_, index) => wire.topic(`t${index}`, 10 + index));
    renderSidebar(lunchRoute, [wire.topic("lunch", 102), ...many]);
    const topics = screen.getByRole("list", { name: "Topics in general" });
    const links = within(topics).getAllByRole("link");
    // The 8 newest (lunch and t8…t2), then the link to the two left out.
    expect(links.map((link) => link.textContent)).toEqual([
      "lunch2",
      ...["t8", "t7", "t6", "t5", "t4", "t3", "t2"],
      "More topics",
    ]);
    expect(links[8]!.getAttribute("href")).toBe(topicsHash(GENERAL, "general"));
  });

  it("marks a stream read from its menu: the count goes at once, the server is asked", async () => {
    renderSidebar({ kind: "home" });
    fake.json(200, success({}));
    await userEvent.click(screen.getByRole("button", { name: "Stream options for general" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Mark all as read" }));
    const general = within(streamsNav()).getByRole("link", { name: "general" });
    expect(countOf(general)).toBeUndefined();
    await waitFor(() => {
      expect(fake.requests).toHaveLength(1);
    });
    expect(fake.lastRequest.path).toBe("/api/v1/mark_stream_as_read");
    expect(fake.lastRequest.body).toEqual({ stream_id: String(GENERAL) });
  });

  it("shows the server's refusal of a topic mark-as-read and puts the count back", async () => {
    renderSidebar(lunchRoute);
    fake.json(400, { result: "error", msg: "Invalid stream ID", code: "BAD_REQUEST" });
    await userEvent.click(screen.getByRole("button", { name: "Topic options for lunch" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Mark topic as read" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Could not mark “lunch” as read: Invalid stream ID",
    );
    expect(fake.lastRequest.body).toEqual({ stream_id: String(GENERAL), topic_name: "lunch" });
    const lunch = screen.getByRole("link", { name: "lunch" });
    expect(countOf(lunch)).toBe("2");
  });

  it("marks a topic resolved through its newest message, the whole topic renamed", async () => {
    renderSidebar(lunchRoute);
    fake.json(200, success({}));
    await userEvent.click(screen.getByRole("button", { name: "Topic options for lunch" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Mark as resolved" }));
    await waitFor(() => {
      expect(fake.requests).toHaveLength(1);
    });
    expect(fake.lastRequest.method).toBe("PATCH");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/102");
    expect(fake.lastRequest.body).toEqual({
      topic: "✔ lunch",
      propagate_mode: "change_all",
      send_notification_to_old_thread: "false",
      send_notification_to_new_thread: "true",
    });
  });

  it("opens the move dialog for the whole topic, through its newest message", async () => {
    renderSidebar(lunchRoute, generalTopics, true);
    await userEvent.click(screen.getByRole("button", { name: "Topic options for lunch" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Move topic" }));
    expect(shellStore.getState().dialog).toEqual({
      kind: "move",
      target: {
        messageId: 102,
        streamId: GENERAL,
        topic: "lunch",
        isOneMessage: false,
        mayMoveStream: true,
      },
    });
    shellStore.getState().closeDialog();
  });

  it("marks all messages read only after a confirmation", async () => {
    renderSidebar({ kind: "home" });
    await userEvent.click(screen.getByRole("button", { name: "Views options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Mark all messages as read" }));
    const dialog = screen.getByRole("dialog", { name: "Mark all messages as read?" });
    expect(dialog.textContent).toContain("All 4 unread messages");
    expect(fake.requests).toHaveLength(0);
    fake.json(200, success({ complete: true }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => {
      expect(fake.lastRequest.path).toBe("/api/v1/mark_all_as_read");
    });
    const allMessages = screen.getByRole("link", { name: "All messages" });
    expect(countOf(allMessages)).toBeUndefined();
  });

  it("closes the drawer when a link is followed, not when a menu opens", async () => {
    renderSidebar({ kind: "home" });
    uiStore.getState().setLeftDrawerOpen(true);
    await userEvent.click(screen.getByRole("button", { name: "Stream options for general" }));
    expect(uiStore.getState().isLeftDrawerOpen).toBe(true);
    const link = within(streamsNav()).getByRole("link", { name: "design" });
    link.addEventListener("click", (event) => {
      event.preventDefault(); // jsdom does not navigate; the hash is not the point here
    });
    await userEvent.click(link);
    expect(uiStore.getState().isLeftDrawerOpen).toBe(false);
  });

  it("lists conversations newest first with counts, and moves one up when a message arrives", () => {
    renderSidebar({ kind: "home" });
    const nav = screen.getByRole("navigation", { name: "Direct messages" });
    const names = () =>
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent);
    expect(names()).toEqual(["Othello1", "King Hamlet"]);
    act(() => {
      messageStore
        .getState()
        .messagesReceived([
          { message: dmDirect(200, eg.hamlet.user_id, [eg.hamlet.user_id]), flags: ["read"] },
        ]);
    });
    expect(names()).toEqual(["King Hamlet", "Othello1"]);
  });
});

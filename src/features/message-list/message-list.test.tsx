// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toggleStar } from "../../controllers/star";
import { isReadingPaused } from "../../stores/reading-store";
import { requestZoom, zoomTarget } from "./zoom-request";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Message } from "../../../common/wire/message";
import { narrowKey, searchNarrow, streamNarrow, type Narrow } from "../../lib/narrow";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import { getMessage, messageStore } from "../../stores/message-store";
import { rememberSearchMatches } from "../../stores/search-matches";
import { sessionStore } from "../../stores/session-store";
import { uiStore } from "../../stores/ui-store";
import { unreadStore } from "../../stores/unread-store";
import * as eg from "../../test/example-data";
import { MessageList } from "./message-list";

const general = streamNarrow(eg.general.stream_id, eg.general.name);
const hamlet = { sender_id: eg.hamlet.user_id, sender_full_name: "King Hamlet" };
const iago = { sender_id: eg.iago.user_id, sender_full_name: "Iago" };
const noon = new Date(2024, 2, 3, 12, 0).getTime() / 1000;

/** Puts `messages` in the store as the narrow's fetched window (all of it), some unread. */
function seed(narrow: Narrow, messages: Message[], unreadIds: number[] = []) {
  const store = messageStore.getState();
  store.sessionStarted(eg.iago.user_id);
  const ticket = store.fetchStarted(narrow, "around");
  messageStore.getState().messagesFetched(ticket, {
    messages,
    found_oldest: true,
    found_newest: true,
  });
  unreadStore.getState().snapshotLoaded(
    {
      count: unreadIds.length,
      pms: [],
      streams: [{ stream_id: eg.general.stream_id, topic: "lunch", unread_message_ids: unreadIds }],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
    eg.iago.user_id,
  );
}

function renderList(narrow: Narrow) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  queryClient.setQueryData(userQueries.me().queryKey, { ...eg.iago, result: "success", msg: "" });
  queryClient.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet]);
  queryClient.setQueryData(subscriptionQueries.list().queryKey, [eg.subscription()]);
  return render(
    <QueryClientProvider client={queryClient}>
      <MessageList narrow={narrow} />
    </QueryClientProvider>,
  );
}

/** The ids the DOM contract lists, top to bottom. */
function listedIds(container: HTMLElement): number[] {
  return Array.from(
    container.querySelectorAll('ol[aria-label="Messages"] > li[data-message-id]'),
    (item) => Number(item.getAttribute("data-message-id")),
  );
}

function selectedId(container: HTMLElement): number | null {
  const selected = container.querySelector('li[data-message-id][data-selected="true"]');
  return selected === null ? null : Number(selected.getAttribute("data-message-id"));
}

beforeEach(() => {
  sessionStore.getState().login({ email: eg.iago.email, apiKey: "key", userId: eg.iago.user_id });
  // A fake server: flag changes (star) succeed; a message's source (for the editor) is "three".
  const answer = {
    result: "success",
    msg: "",
    messages: [],
    raw_content: "three",
    message: eg.streamMessage({ id: 104 }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(Response.json(answer))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messageStore.getState().reset();
  unreadStore.getState().reset();
  sessionStore.getState().logout();
  uiStore.setState({
    selectedMessageId: null,
    editingMessageId: null,
    collapsedMessageIds: new Set(),
  });
});

const conversation = () => [
  eg.streamMessage({ id: 101, timestamp: noon - 86_400, ...hamlet, content: "<p>yesterday</p>" }),
  eg.streamMessage({ id: 102, timestamp: noon, ...hamlet, content: "<p>one</p>" }),
  eg.streamMessage({ id: 103, timestamp: noon + 60, ...hamlet, content: "<p>two</p>" }),
  eg.streamMessage({ id: 104, timestamp: noon + 120, ...iago, content: "<p>three</p>" }),
  eg.streamMessage({
    id: 105,
    timestamp: noon + 180,
    ...iago,
    subject: "dinner",
    content: "<p>four</p>",
    last_edit_timestamp: noon + 200,
  }),
];

describe("MessageList rows", () => {
  it("lists every message once, in order, under date separators and recipient headers", () => {
    seed(general, conversation());
    const { container } = renderList(general);
    expect(listedIds(container)).toEqual([101, 102, 103, 104, 105]);
    const list = screen.getByRole("list", { name: "Messages" });
    expect(list.querySelectorAll(".date-separator")).toHaveLength(2);
    // Headers: lunch (yesterday), lunch (today), dinner; each names the stream and the topic.
    expect(within(list).getAllByRole("link", { name: "lunch" })).toHaveLength(2);
    expect(within(list).getAllByRole("link", { name: "dinner" })).toHaveLength(1);
    const streamLink = within(list).getAllByRole("link", { name: "general" })[0];
    expect(streamLink?.getAttribute("href")).toBe("#narrow/stream/12-general");
  });

  it("shows a sender's name once per group, and the time of each message", () => {
    seed(general, conversation());
    renderList(general);
    const articles = screen.getAllByRole("article");
    expect(articles.map((article) => article.getAttribute("aria-label"))).toEqual([
      "Message from King Hamlet",
      "Message from King Hamlet",
      "Message from King Hamlet",
      "Message from Iago",
      "Message from Iago",
    ]);
    // 101 (a new day) and 102 start groups; 103 continues 102; 104 and 105 (new topic) start.
    const named = articles.map((article) => article.querySelector(".message-sender") !== null);
    expect(named).toEqual([true, true, false, true, true]);
    for (const article of articles) {
      const time = within(article).getByRole("link", { name: /go to #general > / });
      expect(time.querySelector("time")?.getAttribute("dateTime")).toMatch(/^\d{4}-/);
    }
    expect(within(articles[4] ?? document.body).getByText("(edited)")).toBeTruthy();
    expect(screen.getAllByText("(edited)")).toHaveLength(1);
  });

  it("shows (edited) on a compact row too, in its gutter (the toolbar covers the top right)", () => {
    const messages = conversation();
    const edited = messages[2];
    if (edited === undefined) throw new Error("no message 103");
    messages[2] = { ...edited, last_edit_timestamp: noon + 90 };
    seed(general, messages);
    renderList(general);
    const articles = screen.getAllByRole("article");
    const compact = articles[2] ?? document.body;
    expect(compact.querySelector(".message-sender")).toBeNull();
    const mark = within(compact).getByText("(edited)");
    expect(mark.closest(".message-gutter")).not.toBeNull();
    expect(mark.getAttribute("title")).toMatch(/^Edited /);
    // A group's first row keeps it beside the name and time.
    const start = within(articles[4] ?? document.body).getByText("(edited)");
    expect(start.closest(".message-header")).not.toBeNull();
    expect(screen.getAllByText("(edited)")).toHaveLength(2);
  });

  it("renders names and topics as text, never as HTML", () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    seed(general, [
      eg.streamMessage({ id: 7, timestamp: noon, subject: hostile, sender_full_name: hostile }),
    ]);
    const { container } = renderList(general);
    expect(container.querySelector("img[src=x]")).toBeNull();
    expect(screen.getByRole("link", { name: hostile })).toBeTruthy();
  });

  it("shows a collapsed message as an Expand button, and expands it", async () => {
    seed(general, conversation());
    uiStore.getState().toggleCollapsed(102);
    renderList(general);
    expect(screen.queryByText("one")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Expand" }));
    expect(screen.getByText("one")).toBeTruthy();
  });

  it("shows a search's matches highlighted in body and topic, only there, until an edit", () => {
    const zebra = searchNarrow("zebras");
    const found = eg.streamMessage({
      id: 9,
      timestamp: noon,
      subject: "zebra & <co>",
      content: "<p>A zebra crossed</p>",
      match_content: '<p>A <span class="highlight">zebra</span> crossed</p>',
      match_subject: '<span class="highlight">zebra</span> &amp; &lt;co&gt;',
    });
    rememberSearchMatches(zebra, [found]);
    seed(zebra, [found]);
    const { container, unmount } = renderList(zebra);
    const highlights = () =>
      Array.from(container.querySelectorAll(".highlight"), (element) => [
        element.closest(".message-body") === null ? "topic" : "body",
        element.textContent,
      ]);
    expect(highlights()).toEqual([
      ["topic", "zebra"],
      ["body", "zebra"],
    ]);
    expect(screen.getByRole("link", { name: "zebra & <co>" })).toBeTruthy();
    unmount();

    // The same message in its stream's view: the search's highlights are the search's.
    seed(general, [found]);
    const inStream = renderList(general);
    expect(inStream.container.querySelector(".highlight")).toBeNull();
    inStream.unmount();

    const edited = renderList(zebra);
    act(() => {
      messageStore.getState().messageUpdated({
        message_id: 9,
        message_ids: [9],
        edit_timestamp: noon + 60,
        rendered_content: "<p>A zebra stopped</p>",
      });
    });
    expect(within(edited.container).getByText("A zebra stopped")).toBeTruthy();
    expect(edited.container.querySelector(".message-body .highlight")).toBeNull();
    expect(edited.container.querySelector(".recipient-topic .highlight")?.textContent).toBe(
      "zebra",
    );
  });

  it("says what an empty search found", () => {
    seed(searchNarrow("zebra"), []);
    renderList(searchNarrow("zebra"));
    expect(screen.getByText("No messages match “zebra”.")).toBeTruthy();
  });
});

describe("MessageList selection and keys", () => {
  it("opens with the first unread message selected", () => {
    seed(general, conversation(), [103, 104]);
    const { container } = renderList(general);
    expect(selectedId(container)).toBe(103);
    expect(uiStore.getState().selectedMessageId).toBe(103);
  });

  it("opens at the message z asked for, selected, and holds off reading there", () => {
    seed(general, conversation(), [103, 104]);
    requestZoom(narrowKey(general), 102);
    const { container } = renderList(general);
    expect(selectedId(container)).toBe(102);
    expect(isReadingPaused(general)).toBe(true);
    // The request is spent: the next opening is the usual one.
    expect(zoomTarget(narrowKey(general))).toBeNull();
    cleanup();
    expect(isReadingPaused(general)).toBe(false);
  });

  it("opens at the message s asked for, reading as usual", () => {
    seed(general, conversation(), [103, 104]);
    requestZoom(narrowKey(general), 102, false);
    const { container } = renderList(general);
    expect(selectedId(container)).toBe(102);
    expect(isReadingPaused(general)).toBe(false);
  });

  it("selects a row when it is clicked", async () => {
    seed(general, conversation());
    const { container } = renderList(general);
    await userEvent.click(screen.getByText("two"));
    expect(selectedId(container)).toBe(103);
    expect(container.querySelectorAll('[data-selected="true"]')).toHaveLength(1);
  });

  it("moves the selection with j/k and the arrows, focusing the row", async () => {
    seed(general, conversation());
    const { container } = renderList(general);
    await userEvent.click(screen.getByText("one"));
    await userEvent.keyboard("j");
    expect(selectedId(container)).toBe(103);
    expect(document.activeElement?.closest("li")?.getAttribute("data-message-id")).toBe("103");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(selectedId(container)).toBe(105);
    await userEvent.keyboard("j");
    expect(selectedId(container)).toBe(105);
    await userEvent.keyboard("k{ArrowUp}");
    expect(selectedId(container)).toBe(103);
    await userEvent.keyboard("{End}");
    expect(selectedId(container)).toBe(105);
  });

  it("edits one's own with e; s is not the list's (it goes to the conversation, Ctrl+S stars)", async () => {
    seed(general, conversation());
    renderList(general);
    await userEvent.click(screen.getByText("one"));
    await userEvent.keyboard("s");
    expect(getMessage(messageStore.getState(), 102)?.flags ?? []).not.toContain("starred");
    await userEvent.keyboard("e");
    // Hamlet's message: not ours to edit.
    expect(uiStore.getState().editingMessageId).toBeNull();
    await userEvent.click(screen.getByText("three"));
    await userEvent.keyboard("e");
    expect(uiStore.getState().editingMessageId).toBe(104);
  });

  it("leaves keys typed into a field alone", async () => {
    seed(general, conversation());
    const { container } = renderList(general);
    await userEvent.click(screen.getByText("one"));
    act(() => {
      uiStore.getState().startEditing(104);
    });
    const editor = (await screen.findAllByRole("textbox"))[0];
    if (editor === undefined) throw new Error("no editor");
    await userEvent.type(editor, "js");
    expect(selectedId(container)).toBe(104);
    expect(getMessage(messageStore.getState(), 104)?.flags ?? []).not.toContain("starred");
  });
});

describe("MessageList toolbars and notices", () => {
  /** The row of message `id`. */
  function row(container: HTMLElement, id: number): HTMLElement {
    const element = container.querySelector(`li[data-message-id="${String(id)}"]`);
    if (!(element instanceof HTMLElement)) throw new Error(`no row ${String(id)}`);
    return element;
  }

  it("mounts a row's toolbar once the row is hovered, focused or selected, and keeps it", async () => {
    seed(general, conversation());
    const { container } = renderList(general);
    // Opening selects the newest message (nothing unread): only its row has the toolbar.
    expect(selectedId(container)).toBe(105);
    const withToolbar = () =>
      Array.from(container.querySelectorAll("li[data-message-id]"))
        .filter((item) => item.querySelector(".message-toolbar") !== null)
        .map((item) => Number(item.getAttribute("data-message-id")));
    expect(withToolbar()).toEqual([105]);
    await userEvent.hover(row(container, 102));
    expect(within(row(container, 102)).getByRole("button", { name: "Star message" })).toBeTruthy();
    await userEvent.unhover(row(container, 102));
    await userEvent.click(screen.getByText("two"));
    // 102 was hovered and 103 is selected (by a click, which focused it): both keep their
    // toolbars. 105 was only selected by the opening, never hovered or focused: it lost its
    // toolbar with the selection.
    expect(withToolbar()).toEqual([102, 103]);
    expect(row(container, 103).classList).toContain("message-row-tools");
    expect(row(container, 101).classList).not.toContain("message-row-tools");
  });

  it("shows an action's notice even when its row has no toolbar", async () => {
    seed(general, conversation());
    renderList(general);
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          Response.json({ result: "error", msg: "Invalid message(s)" }, { status: 400 }),
        ),
      ),
    );
    await userEvent.click(screen.getByText("one"));
    const message = getMessage(messageStore.getState(), 102);
    if (message === undefined) throw new Error("no message");
    // As Ctrl+S does (a global key, not the list's).
    act(() => {
      toggleStar(message);
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Invalid message(s)");
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  allMessagesNarrow,
  dmNarrow,
  dmsNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
  type Narrow,
} from "../../lib/narrow";
import { realmQueries } from "../../queries/realm-queries";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import { draftsStore } from "../../stores/drafts-store";
import { queueMessage } from "../../controllers/outbox";
import { uiStore } from "../../stores/ui-store";
import * as eg from "../../test/example-data";
import { ComposeBox } from "./compose-box";
import { forgetChosenDestinations } from "./use-compose";

vi.mock("../../controllers/outbox", () => ({ queueMessage: vi.fn(() => "local-1") }));

const othello = eg.user({ user_id: 12, email: "othello@parley.test", full_name: "Othello" });
const design = eg.subscription({ stream_id: 14, name: "design" });

function seededClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet, othello]);
  client.setQueryData(subscriptionQueries.list().queryKey, [eg.subscription(), design]);
  client.setQueryData(streamQueries.list().queryKey, []);
  client.setQueryData(realmQueries.userGroups().queryKey, []);
  client.setQueryData(realmQueries.emoji().queryKey, {});
  client.setQueryData(realmQueries.linkifiers().queryKey, []);
  client.setQueryData(streamQueries.topics(eg.general.stream_id).queryKey, [
    { name: "lunch", max_id: 5 },
    { name: "launch plans", max_id: 3 },
  ]);
  return client;
}

const userName = (id: number) => (id === eg.hamlet.user_id ? "King Hamlet" : `user ${id}`);

function renderCompose(narrow: Narrow) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={seededClient()}>
      <ComposeBox narrow={narrow} userName={userName} />
    </QueryClientProvider>,
  );
  return {
    user,
    content: screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Message" }),
    send: screen.getByRole("button", { name: "Send" }),
  };
}

const general = streamNarrow(eg.general.stream_id, eg.general.name);

beforeEach(() => {
  vi.mocked(queueMessage).mockClear();
  draftsStore.getState().reset();
  forgetChosenDestinations();
  uiStore.getState().setEnterSends(true);
});
afterEach(cleanup);

describe("limits, shown before sending", () => {
  it("a 61-character topic shows the reason and disables Send", async () => {
    const { user, content, send } = renderCompose(general);
    await user.type(screen.getByRole("textbox", { name: "Topic" }), "t".repeat(61));
    await user.type(content, "hello");
    expect(screen.getByText("The topic is too long: 61 of 60 characters.")).toBeTruthy();
    expect(send).toHaveProperty("disabled", true);
    await user.keyboard("{Enter}");
    expect(queueMessage).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "Topic" }), "{Backspace}");
    expect(screen.queryByText(/topic is too long/)).toBeNull();
    expect(send).toHaveProperty("disabled", false);
  });

  it("counts content in UTF-8 bytes: 5,001 × é is 10,002 bytes, too many", async () => {
    const { user, content, send } = renderCompose(topicNarrow(12, "general", "lunch"));
    await user.click(content);
    await user.paste("é".repeat(5_001));
    expect(screen.getByText("The message is too long: 10,002 of 10,000 bytes.")).toBeTruthy();
    expect(send).toHaveProperty("disabled", true);
    expect(content.getAttribute("aria-invalid")).toBe("true");

    await user.keyboard("{Backspace}");
    expect(screen.queryByText(/message is too long/)).toBeNull();
    expect(send).toHaveProperty("disabled", false);
    await user.click(send);
    expect(queueMessage).toHaveBeenCalledWith(
      { type: "stream", streamId: 12, streamName: "general", topic: "lunch" },
      "é".repeat(5_000),
    );
  });

  it("says what is missing once there is text: here, a topic", async () => {
    const { user, content, send } = renderCompose(general);
    expect(screen.queryByText("Please enter a topic.")).toBeNull();
    await user.type(content, "hi");
    expect(screen.getByText("Please enter a topic.")).toBeTruthy();
    expect(send).toHaveProperty("disabled", true);
  });
});

describe("Enter", () => {
  it("sends with Enter and adds a line with Shift+Enter (the default)", async () => {
    const { user, content } = renderCompose(topicNarrow(12, "general", "lunch"));
    expect(screen.getByText("Enter to send, Shift+Enter for a new line")).toBeTruthy();
    await user.type(content, "one{Shift>}{Enter}{/Shift}two");
    expect(content.value).toBe("one\ntwo");
    expect(queueMessage).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(queueMessage).toHaveBeenCalledWith(
      expect.objectContaining({ topic: "lunch" }),
      "one\ntwo",
    );
    expect(content.value).toBe("");
  });

  it("adds a line with Enter and sends with Ctrl+Enter when Enter doesn't send", async () => {
    const { user, content } = renderCompose(dmNarrow([eg.hamlet.user_id]));
    await user.click(screen.getByRole("checkbox", { name: "Enter sends" }));
    expect(uiStore.getState().enterSends).toBe(false);
    expect(screen.getByText(/Ctrl\+Enter .* to send, Enter for a new line/)).toBeTruthy();
    await user.type(content, "one{Enter}two");
    expect(content.value).toBe("one\ntwo");
    expect(queueMessage).not.toHaveBeenCalled();
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(queueMessage).toHaveBeenCalledWith({ type: "direct", userIds: [11] }, "one\ntwo");
  });
});

describe("typeahead in the message", () => {
  it("`@ham` then Enter inserts the mention, not a send", async () => {
    const { user, content } = renderCompose(general);
    await user.type(content, "hi @ham");
    const list = screen.getByRole("listbox", { name: "People and groups" });
    const option = within(list).getByRole("option", { name: /King Hamlet/ });
    expect(option.getAttribute("aria-selected")).toBe("true");
    expect(content.getAttribute("aria-activedescendant")).toBe(option.id);
    await user.keyboard("{Enter}");
    expect(content.value).toBe("hi @**King Hamlet** ");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(queueMessage).not.toHaveBeenCalled();
  });

  it("`#gen` with Tab links the stream; `#general>lu` the topic; `:smi` a click the emoji", async () => {
    const { user, content } = renderCompose(general);
    await user.type(content, "see #gen");
    await user.keyboard("{Tab}");
    expect(content.value).toBe("see #**general** ");

    await user.type(content, "#**general>lu");
    expect(screen.getByRole("option", { name: /lunch/ })).toBeTruthy();
    await user.keyboard("{Enter}");
    expect(content.value).toBe("see #**general** #**general>lunch** ");

    await user.type(content, ":smi");
    await user.click(screen.getByRole("option", { name: /:smile:/ }));
    expect(content.value).toBe("see #**general** #**general>lunch** :smile: ");
  });

  it("Escape closes the list for this word; arrows move the choice", async () => {
    const { user, content } = renderCompose(general);
    await user.type(content, "@");
    const options = screen.getAllByRole("option");
    expect(options.length).toBe(3);
    await user.keyboard("{ArrowDown}");
    expect(screen.getAllByRole("option")[1]?.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.type(content, "o");
    expect(screen.getByRole("option", { name: /Othello/ })).toBeTruthy();
  });
});

describe("choosing where a message goes", () => {
  it("in All messages: a stream by typeahead, an existing topic, then Send", async () => {
    const { user, content } = renderCompose(allMessagesNarrow());
    await user.type(screen.getByRole("combobox", { name: "Stream" }), "gen");
    await user.keyboard("{Enter}");
    expect(screen.getByRole<HTMLInputElement>("combobox", { name: "Stream" }).value).toBe(
      "general",
    );
    // Picking the stream moved on to the topic, whose list shows the stream's topics.
    const topic = screen.getByRole<HTMLInputElement>("textbox", { name: "Topic" });
    expect(document.activeElement).toBe(topic);
    await user.type(topic, "lun");
    await user.click(screen.getByRole("option", { name: "lunch" }));
    expect(topic.value).toBe("lunch");
    await user.type(content, "hello{Enter}");
    expect(queueMessage).toHaveBeenCalledWith(
      { type: "stream", streamId: 12, streamName: "general", topic: "lunch" },
      "hello",
    );
    const sent = screen.getByRole("status");
    expect(sent.textContent).toContain("Sent to #general › lunch");
    expect(within(sent).getByRole("link").getAttribute("href")).toBe(
      "#narrow/stream/12-general/topic/lunch",
    );
  });

  it("names an unknown stream as the problem", async () => {
    const { user, content, send } = renderCompose(allMessagesNarrow());
    await user.type(screen.getByRole("combobox", { name: "Stream" }), "nowhere");
    await user.type(content, "hi");
    expect(screen.getByText("You are not subscribed to a stream named “nowhere”.")).toBeTruthy();
    expect(send).toHaveProperty("disabled", true);
  });

  it("a direct message to two people, chips removable by keyboard", async () => {
    const { user, content } = renderCompose(allMessagesNarrow());
    await user.click(screen.getByRole("button", { name: "Direct message" }));
    const recipients = screen.getByRole("combobox", { name: "Recipients" });
    await user.type(recipients, "ham{Enter}oth{Enter}iag{Enter}");
    const chosen = screen.getByRole("list", { name: "Recipients chosen" });
    expect(within(chosen).getAllByRole("listitem")).toHaveLength(3);
    await user.keyboard("{Backspace}");
    expect(within(chosen).getAllByRole("listitem")).toHaveLength(2);
    await user.type(content, "to you both{Enter}");
    expect(queueMessage).toHaveBeenCalledWith({ type: "direct", userIds: [11, 12] }, "to you both");
    expect(screen.getByRole("status").textContent).toContain("Sent to King Hamlet, user 12");
  });

  it("in the direct message feed: a direct message from the start, no stream asked", async () => {
    const { user, content } = renderCompose(dmsNarrow());
    const recipients = screen.getByRole("combobox", { name: "Recipients" });
    expect(screen.queryByRole("combobox", { name: "Stream" })).toBeNull();
    await user.type(recipients, "ham{Enter}");
    await user.type(content, "hello{Enter}");
    expect(queueMessage).toHaveBeenCalledWith({ type: "direct", userIds: [11] }, "hello");
  });
});

describe("requests to compose and the preview", () => {
  it("a compose request focuses the box and adds the quote", async () => {
    const { user, content } = renderCompose(topicNarrow(12, "general", "lunch"));
    await user.type(content, "my reply");
    content.blur();
    const quote = "@_**King Hamlet|11** [said](#narrow/id/5):\n```quote\nhello\n```\n";
    act(() => {
      uiStore.getState().requestCompose(quote);
    });
    expect(document.activeElement).toBe(content);
    expect(content.value).toBe(`my reply\n\n${quote}`);
  });

  it("Preview shows the rendered, sanitised message", async () => {
    const { user, content } = renderCompose(general);
    await user.type(content, "**bold** <img src=x onerror=alert(1)>");
    await user.click(screen.getByRole("tab", { name: "Preview" }));
    const panel = screen.getByRole("tabpanel", { name: "Preview" });
    const bold = await within(panel).findByText("bold");
    expect(bold.tagName).toBe("STRONG");
    expect(panel.querySelector("img")).toBeNull();
    expect(panel.textContent).toContain("<img src=x onerror=alert(1)>");
    await user.click(screen.getByRole("tab", { name: "Write" }));
    expect(screen.getByRole("textbox", { name: "Message" })).toBe(content);
  });
});

describe("collapsed until asked", () => {
  it("opens on focus, stays open with a draft, and closes when left empty", async () => {
    const { user, content } = renderCompose(topicNarrow(12, "general", "lunch"));
    const form = screen.getByRole("form", { name: "Compose" });
    expect(form.hasAttribute("data-expanded")).toBe(false);
    await user.click(content);
    expect(form.hasAttribute("data-expanded")).toBe(true);
    await user.type(content, "draft");
    await user.click(document.body);
    expect(form.hasAttribute("data-expanded")).toBe(true);
    await user.clear(content);
    // Moving inside the box (to Send) keeps it open; leaving it empty closes it.
    screen.getByRole("button", { name: "Send" }).focus();
    expect(form.hasAttribute("data-expanded")).toBe(true);
    await user.click(document.body);
    expect(form.hasAttribute("data-expanded")).toBe(false);
  });

  it("asks the list for the newest messages after a send shown here, not one sent elsewhere", async () => {
    const { user, content } = renderCompose(general);
    const before = uiStore.getState().showNewestSequence;
    await user.type(screen.getByRole("textbox", { name: "Topic" }), "lunch");
    await user.type(content, "here{Enter}");
    expect(uiStore.getState().showNewestSequence).toBe(before + 1);
    cleanup();
    const starred = renderCompose(starredNarrow());
    await starred.user.click(screen.getByRole("button", { name: "Direct message" }));
    await starred.user.type(screen.getByRole("combobox", { name: "Recipients" }), "oth{Enter}");
    await starred.user.type(starred.content, "elsewhere{Enter}");
    expect(queueMessage).toHaveBeenLastCalledWith({ type: "direct", userIds: [12] }, "elsewhere");
    expect(uiStore.getState().showNewestSequence).toBe(before + 1);
  });
});

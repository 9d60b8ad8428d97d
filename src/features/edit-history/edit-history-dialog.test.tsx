// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MessageSnapshot } from "../../../common/wire/message";
import { messageQueries } from "../../queries/message-queries";
import { userQueries } from "../../queries/user-queries";
import * as eg from "../../test/example-data";
import { EditHistoryDialog } from "./edit-history-dialog";

afterEach(cleanup);

const MESSAGE_ID = 4242;

/** Sent by Hamlet, then Iago moved it to another topic, then Hamlet edited the content. */
const HISTORY: MessageSnapshot[] = [
  {
    topic: "lunch",
    content: "see you at noon",
    rendered_content: "<p>see you at noon</p>",
    timestamp: 1_700_000_000,
    user_id: eg.hamlet.user_id,
  },
  {
    topic: "lunch <b>today</b>",
    prev_topic: "lunch",
    content: "see you at noon",
    rendered_content: "<p>see you at noon</p>",
    timestamp: 1_700_000_100,
    user_id: eg.iago.user_id,
  },
  {
    topic: "lunch <b>today</b>",
    content: "see you at one",
    rendered_content: "<p>see you at one</p>",
    prev_content: "see you at noon",
    prev_rendered_content: "<p>see you at noon</p>",
    content_html_diff:
      '<div><p>see you at <span class="highlight_text_deleted">noon</span><span class="highlight_text_inserted">one</span></p></div>',
    timestamp: 1_700_000_200,
    user_id: eg.hamlet.user_id,
  },
];

function renderDialog(history: MessageSnapshot[] | undefined) {
  // Nothing to fetch from: the test seeds what the app's events and queries would have cached.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  queryClient.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet]);
  if (history !== undefined) {
    queryClient.setQueryData(messageQueries.history(MESSAGE_ID).queryKey, history);
  }
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <EditHistoryDialog messageId={MESSAGE_ID} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

function cards(): HTMLElement[] {
  return within(screen.getByRole("list", { name: "Versions" })).getAllByRole("listitem");
}

describe("EditHistoryDialog", () => {
  it("shows one card per version: the original, then each edit with who did it", () => {
    renderDialog(HISTORY);
    expect(screen.getByRole("dialog", { name: "Edit history" })).toBeTruthy();
    const [original, move, edit] = cards();
    expect(cards()).toHaveLength(3);
    expect(within(original!).getByRole("heading").textContent).toBe("Original");
    expect(original!.textContent).toContain("Posted by King Hamlet");
    expect(within(move!).getByRole("heading").textContent).toBe("Edit 1");
    expect(move!.textContent).toContain("Moved by Iago");
    expect(edit!.textContent).toContain("Edited by King Hamlet");
    expect(within(edit!).getByRole("heading").textContent).toContain("(current)");
  });

  it("shows a topic change as old → new, as text", () => {
    renderDialog(HISTORY);
    const move = cards()[1]!;
    expect(move.querySelector(".history-old")?.textContent).toBe("lunch");
    expect(move.querySelector(".history-new")?.textContent).toBe("lunch <b>today</b>");
    expect(move.querySelector("b")).toBeNull();
  });

  it("highlights inserted and deleted words, then switches to the plain versions", async () => {
    renderDialog(HISTORY);
    const edit = () => cards()[2]!;
    expect(edit().querySelector(".highlight_text_inserted")?.textContent).toBe("one");
    expect(edit().querySelector(".highlight_text_deleted")?.textContent).toBe("noon");
    expect(screen.getByText(/is underlined in green/)).toBeTruthy();
    // A topic-only edit has no content to show in the highlighted view.
    expect(cards()[1]!.querySelector(".message-body")).toBeNull();

    const highlighted = screen.getByRole("radio", { name: "Highlighted changes" });
    const plain = screen.getByRole("radio", { name: "Plain versions" });
    expect(highlighted).toHaveProperty("checked", true);
    await userEvent.click(plain);

    expect(plain).toHaveProperty("checked", true);
    expect(edit().querySelector(".highlight_text_inserted")).toBeNull();
    expect(edit().querySelector(".message-body")?.textContent).toBe("see you at one");
    expect(cards()[1]!.querySelector(".message-body")?.textContent).toBe("see you at noon");
    expect(screen.queryByText(/is underlined in green/)).toBeNull();
  });

  it("sanitises the server's diff", () => {
    const hostile = HISTORY.map((snapshot, index) =>
      index === 2
        ? { ...snapshot, content_html_diff: '<div><img src=x onerror="alert(1)">one</div>' }
        : snapshot,
    );
    renderDialog(hostile);
    const edit = cards()[2]!;
    expect(edit.innerHTML).not.toContain("onerror");
  });

  it("says it is loading until the history arrives", () => {
    renderDialog(undefined);
    expect(screen.getByRole("status").textContent).toBe("Loading edit history…");
    expect(screen.queryByRole("list", { name: "Versions" })).toBeNull();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { Message } from "../../../common/wire/message";
import type { User } from "../../../common/wire/users";
import { streamNarrow } from "../../lib/narrow";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import { uiStore } from "../../stores/ui-store";
import * as eg from "../../test/example-data";
import { DEFAULT_MOVE_RULES } from "../../lib/move-rules";
import { realmQueries } from "../../queries/realm-queries";
import { shellStore } from "../shell/shell-store";
import { isAdministrator, MessageActions, StarIndicator } from "./message-actions";

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  uiStore.setState({ collapsedMessageIds: new Set(), editingMessageId: null });
  shellStore.getState().closeDialog();
});

const narrow = streamNarrow(eg.general.stream_id, eg.general.name);

function renderAs(me: User, message: Message, withMoveRules = false) {
  sessionStore.getState().login({ email: me.email, apiKey: "key", userId: me.user_id });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(userQueries.me().queryKey, { ...me, result: "success", msg: "" });
  if (withMoveRules) {
    queryClient.setQueryData(userQueries.list().queryKey, [eg.iago, eg.hamlet]);
    queryClient.setQueryData(realmQueries.moveRules().queryKey, DEFAULT_MOVE_RULES);
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MessageActions message={message} narrow={narrow} isAdmin={isAdministrator(me)} />
      <StarIndicator message={message} />
    </QueryClientProvider>,
  );
}

async function menuLabels(): Promise<string[]> {
  await userEvent.click(screen.getByRole("button", { name: "Message actions" }));
  return screen.getAllByRole("menuitem").map((item) => item.textContent);
}

describe("MessageActions", () => {
  it("offers a member editing of their own message, but no delete and no history", async () => {
    renderAs(eg.hamlet, eg.streamMessage({ sender_id: eg.hamlet.user_id }));
    expect(await menuLabels()).toEqual([
      "Reply",
      "Quote and reply",
      "Edit",
      "Mark as unread from here",
      "Collapse",
      "Copy link to message",
    ]);
  });

  it("offers an administrator delete, and the history of an edited message, not its edit", async () => {
    renderAs(
      eg.iago,
      eg.streamMessage({ sender_id: eg.hamlet.user_id, last_edit_timestamp: 1_700_000_500 }),
    );
    const labels = await menuLabels();
    expect(labels).toContain("Delete message");
    expect(labels).toContain("View edit history");
    expect(labels).not.toContain("Edit");
  });

  it("offers moving a recent stream message, opening the move dialog on it", async () => {
    const message = eg.streamMessage({ timestamp: Math.floor(Date.now() / 1000) - 60 });
    renderAs(eg.hamlet, message, true);
    expect(await menuLabels()).toContain("Move messages");
    await userEvent.click(screen.getByRole("menuitem", { name: "Move messages" }));
    expect(shellStore.getState().dialog).toEqual({
      kind: "move",
      target: {
        messageId: message.id,
        streamId: eg.general.stream_id,
        topic: message.subject,
        isOneMessage: true,
        mayMoveStream: true,
      },
    });
  });

  it("offers no move of a member's week-old message or of a direct message", async () => {
    renderAs(eg.hamlet, eg.streamMessage({ timestamp: 1_700_000_000 }), true);
    expect(await menuLabels()).not.toContain("Move messages");
    cleanup();
    const direct = eg.streamMessage({
      type: "private",
      stream_id: undefined,
      timestamp: Math.floor(Date.now() / 1000),
    });
    renderAs(eg.iago, direct, true);
    expect(await menuLabels()).not.toContain("Move messages");
  });

  it("lets an administrator move a message past the members' limit", async () => {
    renderAs(eg.iago, eg.streamMessage({ timestamp: 1_700_000_000 }), true);
    expect(await menuLabels()).toContain("Move messages");
  });

  it("starts editing and collapses through the UI store", async () => {
    const message = eg.streamMessage({ sender_id: eg.hamlet.user_id });
    renderAs(eg.hamlet, message);
    await menuLabels();
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit" }));
    expect(uiStore.getState().editingMessageId).toBe(message.id);
    await menuLabels();
    await userEvent.click(screen.getByRole("menuitem", { name: "Collapse" }));
    expect(uiStore.getState().collapsedMessageIds.has(message.id)).toBe(true);
    expect(await menuLabels()).toContain("Expand");
  });

  it("shows the star as a pressed toggle, and a star beside a starred message", () => {
    renderAs(eg.hamlet, eg.streamMessage({ flags: ["read", "starred"] }));
    const toggle = screen.getByRole("button", { name: "Unstar message" });
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("img", { name: "Starred" })).toBeTruthy();
  });

  it("shows an unstarred message's toggle unpressed and no star beside it", () => {
    renderAs(eg.hamlet, eg.streamMessage({ flags: ["read"] }));
    expect(screen.getByRole("button", { name: "Star message" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    expect(screen.queryByRole("img", { name: "Starred" })).toBeNull();
  });
});

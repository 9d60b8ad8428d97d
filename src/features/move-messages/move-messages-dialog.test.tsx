// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { sessionStore } from "../../stores/session-store";
import * as eg from "../../test/example-data";
import { MoveMessagesDialog } from "./move-messages-dialog";
import type { MoveTarget } from "./move-placement";

interface Call {
  method: string;
  url: string;
  body: URLSearchParams;
}

const design = { stream_id: 14, name: "design" } as const;
const message = eg.streamMessage({ id: 321, subject: "lunch" });
let calls: Call[] = [];
let patchAnswer: { status: number; body: unknown };
/** The topic's newest message, as `GET users/me/{stream_id}/topics` tells. */
let topicMaxId = 400;

beforeEach(() => {
  calls = [];
  topicMaxId = 400;
  patchAnswer = { status: 200, body: { result: "success", msg: "" } };
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    const body = new URLSearchParams(typeof init.body === "string" ? init.body : "");
    calls.push({ method, url, body });
    const answer =
      method === "GET"
        ? {
            status: 200,
            body: { result: "success", msg: "", topics: [{ name: "lunch", max_id: topicMaxId }] },
          }
        : patchAnswer;
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  sessionStore
    .getState()
    .login({ email: eg.hamlet.email, apiKey: "key", userId: eg.hamlet.user_id });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.getState().logout();
});

const onMessage: MoveTarget = {
  messageId: message.id,
  streamId: eg.general.stream_id,
  topic: "lunch",
  isOneMessage: true,
  mayMoveStream: true,
};
const onTopic: MoveTarget = { ...onMessage, isOneMessage: false };

/** The dialog for hamlet (a member), subscribed to general and design. */
function renderDialog(target: MoveTarget) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(subscriptionQueries.list().queryKey, [
    eg.subscription(),
    eg.subscription({ ...design, color: "#e79ab5" }),
  ]);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MoveMessagesDialog target={target} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

const streamField = () => screen.getByRole("combobox", { name: "New stream" });
const topicField = () => screen.getByRole("textbox", { name: "New topic" });
const LABELS = {
  change_one: "Move only this message",
  change_later: "Move this and all following messages in this topic",
  change_all: "Move all messages in this topic",
} as const;
/** Which of "Which messages should be moved?" is chosen. */
const which = () =>
  Object.entries(LABELS).find(
    ([, label]) => screen.getByRole<HTMLInputElement>("radio", { name: label }).checked,
  )?.[0];
const choose = (user: ReturnType<typeof userEvent.setup>, mode: keyof typeof LABELS) =>
  user.click(screen.getByRole("radio", { name: LABELS[mode] }));
const patches = () => calls.filter((call) => call.method === "PATCH");

describe("MoveMessagesDialog", () => {
  it("opens on the current stream and topic with Zulip's notice defaults", async () => {
    renderDialog(onMessage);
    expect(screen.getByRole("dialog", { name: "Move messages" })).toBeTruthy();
    expect(streamField()).toHaveProperty("value", String(eg.general.stream_id));
    expect(
      [...streamField().querySelectorAll("option")].map((option) => option.textContent),
    ).toEqual(["#design", "#general"]);
    expect(topicField()).toHaveProperty("value", "lunch");
    expect(
      screen.getByRole("checkbox", { name: "Send automated notice to new topic" }),
    ).toHaveProperty("checked", true);
    expect(
      screen.getByRole("checkbox", { name: "Send automated notice to old topic" }),
    ).toHaveProperty("checked", false);
    // Not the topic's newest message (400): it and the ones after it, as Zulip's default.
    await waitFor(() => {
      expect(which()).toBe("change_later");
    });
  });

  it("on the topic's newest message, offers to move only it", async () => {
    topicMaxId = message.id;
    renderDialog(onMessage);
    await waitFor(() => {
      expect(which()).toBe("change_one");
    });
  });

  it("on the topic's first message, as the message store holds the topic, moves it all", () => {
    renderDialog({
      ...onMessage,
      held: { ids: [message.id, 330, 400], found_oldest: true, found_newest: true },
    });
    expect(which()).toBe("change_all");
  });

  it("sends the chosen stream, topic, messages and notices, and closes", async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog(onMessage);
    await user.selectOptions(streamField(), String(design.stream_id));
    await user.clear(topicField());
    await user.type(topicField(), "  menus ");
    await choose(user, "change_all");
    await user.click(screen.getByRole("checkbox", { name: "Send automated notice to new topic" }));
    await user.click(screen.getByRole("checkbox", { name: "Send automated notice to old topic" }));
    await user.click(screen.getByRole("button", { name: "Move" }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const [patch] = patches();
    expect(patch?.url).toBe("/api/v1/messages/321");
    expect(Object.fromEntries(patch?.body ?? [])).toEqual({
      stream_id: String(design.stream_id),
      topic: "menus",
      propagate_mode: "change_all",
      send_notification_to_new_thread: "false",
      send_notification_to_old_thread: "true",
    });
  });

  it("keeps the last choice of notices for the next move, as Zulip does", () => {
    renderDialog(onMessage);
    expect(
      screen.getByRole("checkbox", { name: "Send automated notice to new topic" }),
    ).toHaveProperty("checked", false);
    expect(
      screen.getByRole("checkbox", { name: "Send automated notice to old topic" }),
    ).toHaveProperty("checked", true);
  });

  it("moves one message alone with change_one, leaving the stream out when unchanged", async () => {
    const user = userEvent.setup();
    renderDialog(onMessage);
    await choose(user, "change_one");
    await user.clear(topicField());
    await user.type(topicField(), "dinner");
    await user.click(screen.getByRole("button", { name: "Move" }));
    await waitFor(() => {
      expect(patches()).toHaveLength(1);
    });
    const body = patches()[0]?.body;
    expect(body?.get("propagate_mode")).toBe("change_one");
    expect(body?.get("topic")).toBe("dinner");
    expect(body?.has("stream_id")).toBe(false);
  });

  it("moves a whole topic from a topic's menu: no question of which messages", async () => {
    const user = userEvent.setup();
    renderDialog(onTopic);
    expect(screen.getByRole("dialog", { name: "Move topic" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Which messages should be moved?" })).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    await user.selectOptions(streamField(), String(design.stream_id));
    await user.click(screen.getByRole("button", { name: "Move" }));
    await waitFor(() => {
      expect(patches()).toHaveLength(1);
    });
    const body = patches()[0]?.body;
    expect(body?.get("propagate_mode")).toBe("change_all");
    expect(body?.get("stream_id")).toBe(String(design.stream_id));
    expect(body?.has("topic")).toBe(false);
  });

  it("shows the server's refusal in the dialog and keeps every choice", async () => {
    patchAnswer = {
      status: 400,
      body: {
        result: "error",
        code: "BAD_REQUEST",
        msg: "The time limit for editing this message's stream has passed",
      },
    };
    const user = userEvent.setup();
    const { onClose } = renderDialog(onMessage);
    await user.selectOptions(streamField(), String(design.stream_id));
    await user.clear(topicField());
    await user.type(topicField(), "menus");
    await choose(user, "change_one");
    await user.click(screen.getByRole("button", { name: "Move" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The time limit for editing this message's stream has passed",
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(streamField()).toHaveProperty("value", String(design.stream_id));
    expect(topicField()).toHaveProperty("value", "menus");
    expect(which()).toBe("change_one");
    expect(screen.getByRole("button", { name: "Move" })).toHaveProperty("disabled", false);
  });

  it("asks for another destination instead of sending a move that changes nothing", async () => {
    const user = userEvent.setup();
    renderDialog(onTopic);
    await user.click(screen.getByRole("button", { name: "Move" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Choose another stream or topic to move to.",
    );
    expect(patches()).toHaveLength(0);
  });

  it("offers no other stream to a user who may only rename the topic", () => {
    renderDialog({ ...onTopic, mayMoveStream: false });
    expect(screen.queryByRole("combobox", { name: "New stream" })).toBeNull();
    expect(topicField()).toHaveProperty("value", "lunch");
  });
});

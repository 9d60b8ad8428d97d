// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionStore } from "../../stores/session-store";
import { uiStore } from "../../stores/ui-store";
import * as eg from "../../test/example-data";
import { MessageEditor } from "./message-editor";

interface Call {
  method: string;
  url: string;
  body: string;
}

let calls: Call[] = [];
let patchAnswer: { status: number; body: unknown } = {
  status: 200,
  body: { result: "success", msg: "" },
};
const message = eg.streamMessage({ id: 321, subject: "lunch", sender_id: eg.hamlet.user_id });

beforeEach(() => {
  calls = [];
  patchAnswer = { status: 200, body: { result: "success", msg: "" } };
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: typeof init.body === "string" ? init.body : "" });
    const answer =
      method === "GET"
        ? {
            status: 200,
            body: {
              result: "success",
              msg: "",
              message: { ...message, content: "see **you** at noon" },
              raw_content: "see **you** at noon",
            },
          }
        : patchAnswer;
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  sessionStore
    .getState()
    .login({ email: eg.hamlet.email, apiKey: "key", userId: eg.hamlet.user_id });
  uiStore.getState().startEditing(message.id);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.getState().logout();
  uiStore.getState().stopEditing();
});

/** The editor, inside the query client its save (a mutation) needs. */
function renderEditor(): void {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageEditor message={message} />
    </QueryClientProvider>,
  );
}

async function loaded(): Promise<HTMLTextAreaElement> {
  const area = await screen.findByRole("textbox", { name: "Edit content" });
  if (!(area instanceof HTMLTextAreaElement)) throw new Error("not a textarea");
  return area;
}

describe("MessageEditor", () => {
  it("starts from the message's Markdown source, fetched without rendering", async () => {
    renderEditor();
    expect(screen.getByRole("status").textContent).toBe("Loading the message…");
    expect((await loaded()).value).toBe("see **you** at noon");
    expect(calls[0]?.url).toBe("/api/v1/messages/321?apply_markdown=false");
    expect(screen.getByRole("textbox", { name: "Edit topic" })).toHaveProperty("value", "lunch");
  });

  it("saves only what changed and closes", async () => {
    renderEditor();
    const area = await loaded();
    await userEvent.clear(area);
    await userEvent.type(area, "see you at one");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const patch = calls.find((call) => call.method === "PATCH");
    expect(patch?.url).toBe("/api/v1/messages/321");
    expect(Object.fromEntries(new URLSearchParams(patch?.body))).toEqual({
      content: "see you at one",
    });
    expect(uiStore.getState().editingMessageId).toBeNull();
  });

  it("moves only this message when the topic changes", async () => {
    renderEditor();
    await loaded();
    const topic = screen.getByRole("textbox", { name: "Edit topic" });
    await userEvent.clear(topic);
    await userEvent.type(topic, "dinner{Enter}");
    const patch = calls.find((call) => call.method === "PATCH");
    expect(Object.fromEntries(new URLSearchParams(patch?.body))).toEqual({
      topic: "dinner",
      propagate_mode: "change_one",
    });
  });

  it("shows the topic limit before saving, and refuses to save past it", async () => {
    renderEditor();
    await loaded();
    const topic = screen.getByRole("textbox", { name: "Edit topic" });
    await userEvent.clear(topic);
    await userEvent.type(topic, "x".repeat(61));
    expect(screen.getByText("61/60")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("The topic is too long");
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
  });

  it("keeps the editor open with the server's reason when the edit is refused", async () => {
    patchAnswer = {
      status: 400,
      body: {
        result: "error",
        msg: "The time limit for editing this message has passed",
        code: "BAD_REQUEST",
      },
    };
    renderEditor();
    const area = await loaded();
    await userEvent.type(area, "!");
    await userEvent.keyboard("{Control>}{Enter}{/Control}");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The time limit for editing this message has passed",
    );
    expect(uiStore.getState().editingMessageId).toBe(message.id);
  });

  it("closes without saving on Escape", async () => {
    renderEditor();
    const area = await loaded();
    await userEvent.type(area, " changed{Escape}");
    expect(uiStore.getState().editingMessageId).toBeNull();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
  });
});

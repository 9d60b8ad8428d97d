// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyEventToQueries } from "../../queries/query-events";
import { settingsQueries } from "../../queries/settings-queries";
import { sessionStore } from "../../stores/session-store";
import * as eg from "../../test/example-data";
import { Preferences } from "./preferences";

interface Call {
  method: string;
  url: string;
  body: string;
}

let calls: Call[];
let answer: { status: number; body: unknown };
let queryClient: QueryClient;

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { result: "success", msg: "" } };
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    calls.push({
      method: init.method ?? "GET",
      url,
      body: typeof init.body === "string" ? init.body : "",
    });
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  sessionStore
    .getState()
    .login({ email: eg.hamlet.email, apiKey: "key", userId: eg.hamlet.user_id });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(settingsQueries.user().queryKey, eg.userSettings());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.getState().logout();
});

function renderPreferences(): HTMLInputElement {
  render(
    <QueryClientProvider client={queryClient}>
      <Preferences />
    </QueryClientProvider>,
  );
  const box = screen.getByRole("checkbox", { name: "Convert emoticons before sending" });
  if (!(box instanceof HTMLInputElement)) throw new Error("not an input");
  return box;
}

describe("preferences", () => {
  it("draws the emoticons' emoji as images, named for screen readers", () => {
    const box = renderPreferences();
    const hint = document.getElementById(box.getAttribute("aria-describedby") ?? "");
    const images = [...(hint?.querySelectorAll("img") ?? [])].map((img) => img.getAttribute("src"));
    expect(images.map((src) => src?.split("/").pop())).toEqual([
      "1f642.png",
      "1f641.png",
      "2764.png",
    ]);
    expect(hint?.textContent).toContain(":smile:");
    expect(hint?.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("turns translate_emoticons on with PATCH /settings, and shows it saved", async () => {
    const user = userEvent.setup();
    const box = renderPreferences();
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ["PATCH", "/api/v1/settings", "translate_emoticons=true"],
    ]);
    await vi.waitFor(() => {
      expect(box.disabled).toBe(false);
    });
    expect(box.checked).toBe(true);
    expect(queryClient.getQueryData(settingsQueries.user().queryKey)).toEqual(
      eg.userSettings({ translate_emoticons: true }),
    );
  });

  it("shows the click at once, before the mutation's pending state reaches React", async () => {
    const box = renderPreferences();
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    await vi.waitFor(() => {
      expect(box.disabled).toBe(false);
    });
    expect(box.checked).toBe(true);
  });

  it("follows a change made in another tab (the user_settings event)", async () => {
    const box = renderPreferences();
    applyEventToQueries(queryClient, {
      id: 3,
      type: "user_settings",
      op: "update",
      property: "translate_emoticons",
      value: true,
    });
    await vi.waitFor(() => {
      expect(box.checked).toBe(true);
    });
  });

  it("says why a change was not saved, and keeps the saved value", async () => {
    answer = { status: 400, body: { result: "error", msg: "Nope", code: "BAD_REQUEST" } };
    const user = userEvent.setup();
    const box = renderPreferences();
    await user.click(box);
    expect((await screen.findByRole("alert")).textContent).toBe("Could not save: Nope");
    expect(box.checked).toBe(false);
  });

  it("saves a density and a home view as Zulip's settings", async () => {
    const user = userEvent.setup();
    renderPreferences();
    await user.selectOptions(screen.getByRole("combobox", { name: "Density" }), "Compact");
    await user.selectOptions(screen.getByRole("combobox", { name: "Home view" }), [
      "Recent conversations",
    ]);
    expect(calls.map((call) => call.body)).toEqual([
      "web_font_size_px=14&web_line_height_percent=122",
      "web_home_view=recent_topics",
    ]);
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import * as eg from "../../test/example-data";
import { AccountSettings } from "./account-settings";

const KEY = "hamletsecretkey0123456789abcdef";

beforeEach(() => {
  sessionStore.getState().login({ email: eg.hamlet.email, apiKey: KEY, userId: eg.hamlet.user_id });
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  vi.restoreAllMocks();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userQueries.me().queryKey, {
    result: "success" as const,
    msg: "",
    ...eg.hamlet,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AccountSettings />
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: "Your account" });
}

/** Replaces the page's clipboard; user-event installs its own on setup, so call after it. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText },
  });
}

describe("your account", () => {
  it("shows who you are: name, email, role in words, user id", () => {
    const page = renderPage();
    expect(within(page).getByRole("heading", { level: 1, name: "Your account" })).toBeDefined();
    const details = page.querySelector("dl");
    expect(details?.textContent).toContain("King Hamlet");
    expect(details?.textContent).toContain("hamlet@parley.test");
    expect(details?.textContent).toContain("Member");
    expect(details?.textContent).toContain(String(eg.hamlet.user_id));
  });

  it("puts the API key in the page only when asked, and takes it out on Hide", async () => {
    const user = userEvent.setup();
    const page = renderPage();
    expect(document.body.innerHTML).not.toContain(KEY);
    await user.click(within(page).getByRole("button", { name: "Show API key" }));
    expect(page.textContent).toContain(KEY);
    await user.click(within(page).getByRole("button", { name: "Hide" }));
    expect(document.body.innerHTML).not.toContain(KEY);
    expect(within(page).getByRole("button", { name: "Show API key" })).toBeDefined();
  });

  it("copies the key and says so", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const page = renderPage();
    await user.click(within(page).getByRole("button", { name: "Show API key" }));
    await user.click(within(page).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect((await within(page).findByText("Copied to the clipboard.")).getAttribute("role")).toBe(
      "status",
    );
  });

  it("says so when the browser refuses to copy", async () => {
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new Error("Write permission denied.")));
    const page = renderPage();
    await user.click(within(page).getByRole("button", { name: "Show API key" }));
    await user.click(within(page).getByRole("button", { name: "Copy" }));
    expect((await within(page).findByText(/Could not copy/)).textContent).toContain(
      "Write permission denied.",
    );
  });

  it("logs out", async () => {
    const user = userEvent.setup();
    const page = renderPage();
    await user.click(within(page).getByRole("button", { name: "Log out" }));
    expect(sessionStore.getState().credentials).toBeNull();
  });
});

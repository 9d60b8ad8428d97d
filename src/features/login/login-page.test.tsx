// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, UnauthorizedError } from "../../api/errors";
import { devFetchApiKey, devListUsers, fetchApiKey, getServerSettings } from "../../api/server";
import { getOwnUser } from "../../api/users";
import { SESSION_STORAGE_KEY, sessionStore } from "../../stores/session-store";
import * as eg from "../../test/example-data";
import { LoginPage } from "./login-page";

// The bindings are the boundary here: each way of logging in is checked by what it asks of them.
vi.mock("../../api/server", () => ({
  getServerSettings: vi.fn(),
  devListUsers: vi.fn(),
  devFetchApiKey: vi.fn(),
  fetchApiKey: vi.fn(),
}));
vi.mock("../../api/users", () => ({ getOwnUser: vi.fn() }));

const ok = { result: "success" as const, msg: "" };
const hamletKey = { ...ok, api_key: "hamlet-key", email: eg.hamlet.email, user_id: 11 };

beforeEach(() => {
  vi.mocked(getServerSettings).mockResolvedValue({
    ...ok,
    zulip_version: "9.0",
    zulip_feature_level: 247,
    realm_name: "Elsinore",
  });
  vi.mocked(devListUsers).mockResolvedValue({
    ...ok,
    direct_admins: [{ email: "iago@parley.test", realm_uri: "", full_name: "Iago" }],
    direct_users: [{ email: eg.hamlet.email, realm_uri: "", full_name: "King Hamlet" }],
  });
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  vi.resetAllMocks();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LoginPage />
    </QueryClientProvider>,
  );
}

const passwordForm = () => screen.getByRole("form", { name: "Log in with your password" });
const apiKeyForm = () => screen.getByRole("form", { name: "Log in with an API key" });

describe("the login page", () => {
  it("logs in with email and password, in this tab only by default", async () => {
    vi.mocked(fetchApiKey).mockResolvedValue(hamletKey);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole("heading", { name: "Log in to Elsinore" })).toBeDefined();
    const form = passwordForm();
    await user.type(within(form).getByLabelText("Email"), "  hamlet@parley.test ");
    await user.type(within(form).getByLabelText("Password"), "parley-demo");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    await waitFor(() => {
      expect(sessionStore.getState().credentials).toEqual({
        email: eg.hamlet.email,
        apiKey: "hamlet-key",
        userId: 11,
      });
    });
    expect(vi.mocked(fetchApiKey).mock.calls[0]?.[1]).toEqual({
      username: "hamlet@parley.test",
      password: "parley-demo",
    });
    expect(sessionStore.getState().isRemembered).toBe(false);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's refusal as it says it and keeps what was typed", async () => {
    vi.mocked(fetchApiKey).mockRejectedValue(
      new UnauthorizedError(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect"),
    );
    const user = userEvent.setup();
    renderPage();
    const form = passwordForm();
    await user.type(within(form).getByLabelText("Email"), "hamlet@parley.test");
    await user.type(within(form).getByLabelText("Password"), "wrong");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "Your username or password is incorrect",
    );
    expect(within(form).getByLabelText<HTMLInputElement>("Email").value).toBe("hamlet@parley.test");
    expect(within(form).getByLabelText<HTMLInputElement>("Password").value).toBe("wrong");
    expect(sessionStore.getState().credentials).toBeNull();
  });

  it("remembers on this device when asked to", async () => {
    vi.mocked(fetchApiKey).mockResolvedValue(hamletKey);
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("checkbox", { name: "Remember me on this device" }));
    const form = passwordForm();
    await user.type(within(form).getByLabelText("Email"), "hamlet@parley.test");
    await user.type(within(form).getByLabelText("Password"), "parley-demo");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    await waitFor(() => {
      expect(sessionStore.getState().isRemembered).toBe(true);
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("checks an API key with users/me before accepting it", async () => {
    vi.mocked(getOwnUser).mockResolvedValue({ ...ok, ...eg.hamlet });
    const user = userEvent.setup();
    renderPage();
    const form = apiKeyForm();
    await user.type(within(form).getByLabelText("Email"), "hamlet@parley.test");
    await user.type(within(form).getByLabelText("API key"), " abcdefgh12345678 ");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    await waitFor(() => {
      expect(sessionStore.getState().credentials).toEqual({
        email: eg.hamlet.email,
        apiKey: "abcdefgh12345678",
        userId: eg.hamlet.user_id,
      });
    });
    // Asked as the candidate, not as whoever the store's client is.
    expect(vi.mocked(getOwnUser).mock.calls[0]?.[0].auth).toEqual({
      email: eg.hamlet.email,
      apiKey: "abcdefgh12345678",
    });
  });

  it("refuses a wrong API key with a plain message and stays on the page", async () => {
    vi.mocked(getOwnUser).mockRejectedValue(
      new UnauthorizedError(401, "UNAUTHORIZED", "Invalid API key"),
    );
    const user = userEvent.setup();
    renderPage();
    const form = apiKeyForm();
    await user.type(within(form).getByLabelText("Email"), "hamlet@parley.test");
    await user.type(within(form).getByLabelText("API key"), "wrong-key");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Invalid API key");
    expect(within(form).getByLabelText<HTMLInputElement>("API key").value).toBe("wrong-key");
    expect(sessionStore.getState().credentials).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("offers the development login when the server has it", async () => {
    vi.mocked(devFetchApiKey).mockResolvedValue(hamletKey);
    const user = userEvent.setup();
    renderPage();
    const dev = await screen.findByRole("region", { name: "Development login" });
    await user.click(await within(dev).findByRole("button", { name: /hamlet@parley\.test/ }));
    await waitFor(() => {
      expect(sessionStore.getState().credentials?.apiKey).toBe("hamlet-key");
    });
    expect(vi.mocked(devFetchApiKey).mock.calls[0]?.[1]).toEqual({
      username: "hamlet@parley.test",
    });
  });

  it("hides the development login when the server does not offer it", async () => {
    vi.mocked(devListUsers).mockRejectedValue(new ApiError(404, undefined, "Not found"));
    renderPage();
    expect(await screen.findByRole("heading", { name: "Log in to Elsinore" })).toBeDefined();
    await waitFor(() => {
      expect(vi.mocked(devListUsers)).toHaveBeenCalled();
    });
    await waitFor(() => {
      expect(screen.queryByRole("region", { name: "Development login" })).toBeNull();
    });
    expect(screen.queryByText("Loading users…")).toBeNull();
    // The other two ways are still there.
    expect(passwordForm()).toBeDefined();
    expect(apiKeyForm()).toBeDefined();
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore, type ConnectionInfo } from "../../stores/session-store";
import { FakeWorkbox } from "./fake-workbox";
import { startServiceWorker } from "./service-worker";
import { UpdateBanner } from "./update-banner";

const credentials = { email: "hamlet@parley.test", apiKey: "key", userId: 10 };

function connection(state: ConnectionInfo["state"]): ConnectionInfo {
  return { state, since: null, nextAttemptAt: null, failures: 0, lastError: null };
}

function rendered() {
  const workbox = new FakeWorkbox();
  render(<UpdateBanner updates={startServiceWorker(workbox, workbox.page)} />);
  return workbox;
}

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
});

describe("UpdateBanner", () => {
  it("shows nothing while no newer version waits", () => {
    rendered();
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says a new version is available, and Reload activates it and reloads", async () => {
    const workbox = rendered();
    act(() => {
      workbox.dispatch("waiting");
    });
    expect(screen.getByRole("status").textContent).toBe(
      "A new version of Parley is available.Reload",
    );
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(workbox.skipWaitingMessages).toBe(1);
    act(() => {
      workbox.dispatch("controlling");
    });
    expect(workbox.reloads).toBe(1);
  });

  it("checks for a newer version when the event queue is registered again", () => {
    act(() => {
      sessionStore.getState().login(credentials);
      sessionStore.getState().queueRegistered("queue-1");
      sessionStore.getState().connectionChanged(connection("live"));
    });
    const workbox = rendered();
    expect(workbox.updates).toBe(0);
    act(() => {
      sessionStore.getState().connectionChanged(connection("reconnecting"));
    });
    act(() => {
      sessionStore.getState().connectionChanged(connection("resyncing"));
    });
    act(() => {
      sessionStore.getState().queueRegistered("queue-2");
    });
    expect(workbox.updates).toBe(1);
    act(() => {
      sessionStore.getState().connectionChanged(connection("live"));
    });
    expect(workbox.updates).toBe(1);
  });

  it("checks when the connection is live again with its queue kept", () => {
    act(() => {
      sessionStore.getState().login(credentials);
      sessionStore.getState().queueRegistered("queue-1");
      sessionStore.getState().connectionChanged(connection("live"));
    });
    const workbox = rendered();
    act(() => {
      sessionStore.getState().connectionChanged(connection("reconnecting"));
    });
    act(() => {
      sessionStore.getState().connectionChanged(connection("live"));
    });
    expect(workbox.updates).toBe(1);
  });
});

import { describe, expect, it, vi } from "vitest";
import { FakeWorkbox } from "./fake-workbox";
import { startServiceWorker, UPDATE_CHECK_INTERVAL_MS } from "./service-worker";

function started() {
  const workbox = new FakeWorkbox();
  const updates = startServiceWorker(workbox, workbox.page);
  return { workbox, updates };
}

describe("startServiceWorker", () => {
  it("registers the worker once, with nothing waiting", () => {
    const { workbox, updates } = started();
    expect(workbox.registered).toBe(1);
    expect(updates.isUpdateWaiting()).toBe(false);
  });

  it("says when a newer worker waits", () => {
    const { workbox, updates } = started();
    const listener = vi.fn();
    updates.subscribe(listener);
    workbox.dispatch("waiting");
    expect(updates.isUpdateWaiting()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
  });

  it("checks for a newer worker when the tab is shown, not when it is hidden", () => {
    const { workbox } = started();
    workbox.showTab("hidden");
    expect(workbox.updates).toBe(0);
    workbox.showTab("visible");
    expect(workbox.updates).toBe(1);
  });

  it("checks every hour", () => {
    const { workbox } = started();
    expect(workbox.runTimers()).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(workbox.updates).toBe(1);
  });

  it("lets a check fail quietly (offline): the next one will do", async () => {
    const { workbox, updates } = started();
    workbox.failUpdates = true;
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      updates.checkForUpdate();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("Reload activates the waiting worker, and reloads once it controls the page", () => {
    const { workbox, updates } = started();
    workbox.dispatch("waiting");
    updates.applyUpdate();
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(workbox.reloads).toBe(0);
    workbox.dispatch("controlling");
    expect(workbox.reloads).toBe(1);
  });

  it("does not reload when the first install takes the page over", () => {
    const { workbox } = started();
    workbox.dispatch("controlling");
    expect(workbox.reloads).toBe(0);
  });

  it("reloads at once when another tab's Reload already activated the waiting worker", () => {
    const { workbox, updates } = started();
    workbox.dispatch("waiting");
    workbox.dispatch("controlling");
    expect(workbox.reloads).toBe(0);
    updates.applyUpdate();
    expect(workbox.skipWaitingMessages).toBe(0);
    expect(workbox.reloads).toBe(1);
  });

  it("a first install followed by a new build still waits for the user's Reload", () => {
    const { workbox, updates } = started();
    workbox.dispatch("controlling");
    workbox.dispatch("waiting");
    updates.applyUpdate();
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(workbox.reloads).toBe(0);
  });
});

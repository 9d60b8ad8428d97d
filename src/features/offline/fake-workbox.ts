import type { PageHooks, WorkerRegistration } from "./service-worker";

/**
 * A stand-in for workbox-window's `Workbox` and the page around it, for the tests of this
 * folder: the test says when a worker waits or takes control, and reads what was asked.
 */
export class FakeWorkbox implements WorkerRegistration {
  registered = 0;
  updates = 0;
  skipWaitingMessages = 0;
  reloads = 0;
  visibility: DocumentVisibilityState = "visible";
  /** Rejects the next `update()` calls, as a browser does offline. */
  failUpdates = false;
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly documentListeners: (() => void)[] = [];
  private readonly timers: { callback: () => void; ms: number }[] = [];

  addEventListener(type: "waiting" | "controlling", listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  register(): Promise<unknown> {
    this.registered++;
    return Promise.resolve(undefined);
  }

  update(): Promise<void> {
    this.updates++;
    return this.failUpdates ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve();
  }

  messageSkipWaiting(): void {
    this.skipWaitingMessages++;
  }

  /** A newer worker has installed and waits. */
  dispatch(type: "waiting" | "controlling"): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }

  /** The tab is shown (or hidden). */
  showTab(visibility: DocumentVisibilityState): void {
    this.visibility = visibility;
    for (const listener of this.documentListeners) listener();
  }

  /** The repeating timers set, each run once as if its interval had passed. */
  runTimers(): number[] {
    for (const timer of this.timers) timer.callback();
    return this.timers.map((timer) => timer.ms);
  }

  /** The page hooks `startServiceWorker` takes, bound to this fake. */
  get page(): PageHooks {
    const visibility = () => this.visibility;
    return {
      document: {
        get visibilityState() {
          return visibility();
        },
        addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
          if (type === "visibilitychange" && typeof listener === "function") {
            this.documentListeners.push(() => {
              listener(new Event(type));
            });
          }
        },
      },
      setInterval: (callback, ms) => this.timers.push({ callback, ms }),
      reload: () => {
        this.reloads++;
      },
    };
  }
}

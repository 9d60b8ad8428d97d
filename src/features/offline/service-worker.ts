/**
 * The app's service worker (`/sw.js`, built by vite.config.ts): registered after the first view,
 * and checked for a newer build when the tab is shown again, every hour, and when the server is
 * reached again (server-return.ts). A newer worker waits; the page says so (update-banner.tsx)
 * and the user's Reload activates it and reloads once it controls the page, so the app is never
 * left running an old build without saying so.
 */

/** How often an open tab asks whether a newer build was deployed, besides the other checks. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** What this module uses of workbox-window's `Workbox` (a fake in tests). */
export interface WorkerRegistration {
  addEventListener(type: "waiting" | "controlling", listener: () => void): void;
  register(): Promise<unknown>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
}

/** What this module uses of the page: its visibility, a timer, a reload. */
export interface PageHooks {
  readonly document: Pick<Document, "visibilityState" | "addEventListener">;
  setInterval(callback: () => void, ms: number): unknown;
  reload(): void;
}

/** The registered worker, as the banner and the update checks see it. */
export interface ServiceWorkerUpdates {
  /** Whether a newer build's worker is waiting for the user's Reload. */
  readonly isUpdateWaiting: () => boolean;
  /** Calls `listener` when `isUpdateWaiting` changes; returns the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Asks the server for `/sw.js` again; a newer one installs and then waits. */
  readonly checkForUpdate: () => void;
  /** Activates the waiting worker; the page reloads once it controls the page. */
  readonly applyUpdate: () => void;
}

/** Registers `worker` and starts the update checks. */
export function startServiceWorker(
  worker: WorkerRegistration,
  page: PageHooks,
): ServiceWorkerUpdates {
  const listeners = new Set<() => void>();
  let isWaiting = false;
  let reloadRequested = false;
  // Another tab's Reload activated the worker this one saw waiting: nothing waits any more.
  let activatedElsewhere = false;

  worker.addEventListener("waiting", () => {
    isWaiting = true;
    for (const listener of listeners) listener();
  });
  worker.addEventListener("controlling", () => {
    // The first install takes the page over too (clientsClaim): that is no new build.
    if (reloadRequested) page.reload();
    else if (isWaiting) activatedElsewhere = true;
  });

  const checkForUpdate = () => {
    // Offline, or the server restarting: the next check will do.
    worker.update().catch(() => undefined);
  };
  page.document.addEventListener("visibilitychange", () => {
    if (page.document.visibilityState === "visible") checkForUpdate();
  });
  page.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  worker.register().catch((error: unknown) => {
    // The app works without it (as before it had one); say why in the console.
    console.warn("The service worker could not be registered:", error);
  });

  return {
    isUpdateWaiting: () => isWaiting,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    checkForUpdate,
    applyUpdate: () => {
      if (activatedElsewhere) {
        page.reload();
        return;
      }
      reloadRequested = true;
      worker.messageSkipWaiting();
    },
  };
}

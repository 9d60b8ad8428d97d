import { StrictMode } from "react";
import type { createRoot } from "react-dom/client";
import { Workbox } from "workbox-window";
import { startServiceWorker } from "./service-worker";
import { UpdateBanner } from "./update-banner";

/**
 * The lazily loaded part of the offline shell (main.tsx imports it once the first view is on
 * screen, so none of it weighs on that view): registers the service worker and puts the update
 * banner in a root of its own, outside the app's tree, so that it shows on every screen (the
 * login page too) and the app's first view carries none of it.
 *
 * `makeRoot` is react-dom's `createRoot`, handed over by main.tsx: importing react-dom/client
 * here too makes the bundler split the first view's chunk differently, 1.8 KB heavier gzipped.
 */
export function startOffline(makeRoot: typeof createRoot): void {
  const updates = startServiceWorker(new Workbox("/sw.js", { scope: "/" }), {
    document,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    reload: () => {
      window.location.reload();
    },
  });
  const host = document.createElement("div");
  document.body.append(host);
  makeRoot(host).render(
    <StrictMode>
      <UpdateBanner updates={updates} />
    </StrictMode>,
  );
}

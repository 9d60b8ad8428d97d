import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// First, so that the features' stylesheets (imported with their components) build on it.
import "./styles.css";
import { App } from "./app";
import { endSession, SESSION_ENDED_NOTICE } from "./features/login/session-actions";
import { applyStoredTheme } from "./features/shell/theme";
import { restoreOfflineCache } from "./offline-cache/cache-start";
import { createQueryClient } from "./queries/query-client";

// The palette is set before the first render, so the first paint has the right colours.
applyStoredTheme();

const queryClient = createQueryClient(() => {
  endSession(queryClient, SESSION_ENDED_NOTICE);
});

// Read while the app renders and registers: the last view paints from it when it comes first.
restoreOfflineCache(queryClient);

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);

// The service worker (features/offline/) is no part of the first view: its chunk is loaded a
// few seconds after the page has loaded, when the first messages are long on screen (the
// cold-start benchmark counts what loads before they paint). Production builds only: `vite dev`
// has no worker.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  addEventListener("load", () => {
    setTimeout(() => {
      void import("./features/offline/start-offline").then((offline) => {
        offline.startOffline(createRoot);
      });
    }, 3000);
  });
}

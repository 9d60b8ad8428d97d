import { useSyncExternalStore } from "react";
import type { ServiceWorkerUpdates } from "./service-worker";
import { useServerReturn } from "./server-return";
// The pill shared with the connection banner (already in the first view's stylesheet).
import "../connection/connection.css";
import "./offline.css";

/**
 * "A new version of Parley is available" with Reload, while a newer build's service worker
 * waits; nothing otherwise. Shaped like the connection banner (connection-status.tsx), and
 * announced politely. Also asks for an update whenever the server is reached again.
 */
export function UpdateBanner({ updates }: { updates: ServiceWorkerUpdates }) {
  const isWaiting = useSyncExternalStore(updates.subscribe, updates.isUpdateWaiting);
  useServerReturn(updates.checkForUpdate);
  return (
    <div role="status">
      {isWaiting && (
        <div className="status-pill update-banner" data-testid="update-banner">
          <span className="update-banner-dot" aria-hidden="true" />
          <span className="update-banner-text">A new version of Parley is available.</span>
          <button
            type="button"
            className="button update-banner-reload"
            onClick={updates.applyUpdate}
          >
            Reload
          </button>
        </div>
      )}
    </div>
  );
}

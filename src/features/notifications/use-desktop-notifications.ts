import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNotificationSettings } from "./notification-settings-store";

/**
 * Desktop notifications while the tab is hidden, once the user turned them on in Parley
 * (`notification-watcher.ts`, loaded then: most sessions never need it, so the first view does
 * not carry it).
 */
export function useDesktopNotifications(): void {
  const isEnabled = useNotificationSettings((settings) => settings.isEnabled);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled) return undefined;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    import("./notification-watcher")
      .then(({ watchNotifications }) => {
        if (!isCancelled) stop = watchNotifications(queryClient);
      })
      .catch((error: unknown) => {
        // The chunk did not load (offline, or a deploy replaced it): no notifications this time.
        console.warn("Desktop notifications could not start:", error);
      });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [isEnabled, queryClient]);
}

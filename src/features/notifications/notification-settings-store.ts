import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { StoreActions } from "../../stores/store-actions";

const STORAGE_KEY = "parley:desktop-notifications";

/** Whether the user wants desktop notifications, and what the browser allows. */
export interface NotificationSettings {
  readonly isEnabled: boolean;
  readonly permission: NotificationPermission | "unsupported";
  /** Asks the browser (it must follow a click); enabled only when granted. */
  enable(): Promise<void>;
  disable(): void;
}

function browserPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

function readEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function writeEnabled(isEnabled: boolean): void {
  try {
    if (isEnabled) localStorage.setItem(STORAGE_KEY, "on");
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** The app's notification settings (kept in localStorage). */
const notificationSettings = createStore<NotificationSettings>()((set) => ({
  isEnabled: readEnabled() && browserPermission() === "granted",
  permission: browserPermission(),
  enable: async () => {
    if (typeof Notification === "undefined") return;
    const permission = await Notification.requestPermission();
    const isEnabled = permission === "granted";
    writeEnabled(isEnabled);
    set({ permission, isEnabled });
  },
  disable: () => {
    writeEnabled(false);
    set({ isEnabled: false });
  },
}));

/** Reads the notification settings from React. */
export function useNotificationSettings<T>(selector: (state: NotificationSettings) => T): T {
  return useStore(notificationSettings, selector);
}

/** The notification settings' actions, for event handlers (see `StoreActions`). */
export const notificationActions: StoreActions<NotificationSettings> =
  notificationSettings.getInitialState();

/** Whether notifications are on, and the browser's permission, now. */
export function currentNotificationSettings(): Pick<
  NotificationSettings,
  "isEnabled" | "permission"
> {
  const { isEnabled, permission } = notificationSettings.getState();
  return { isEnabled, permission };
}

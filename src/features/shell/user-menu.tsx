import { useQuery } from "@tanstack/react-query";
import { MenuButton, type MenuItem } from "../../components/menu";
import { ORGANIZATION_PAGES } from "../../lib/route";
import { userQueries } from "../../queries/user-queries";
import { useSessionStore } from "../../stores/session-store";
import { useLogout } from "../login/use-session";
import {
  useNotificationSettings,
  notificationActions,
} from "../notifications/notification-settings-store";
import { Avatar } from "../../components/avatar";
import { shellActions } from "./shell-store";

function useNotificationItem(): MenuItem | null {
  const isEnabled = useNotificationSettings((settings) => settings.isEnabled);
  const permission = useNotificationSettings((settings) => settings.permission);
  if (permission === "unsupported") return null;
  if (isEnabled) {
    return {
      label: "Disable desktop notifications",
      onSelect: () => {
        notificationActions.disable();
      },
    };
  }
  return {
    label: "Enable desktop notifications",
    // The browser remembers a refusal; only the site settings can undo it.
    isDisabled: permission === "denied",
    onSelect: () => {
      void notificationActions.enable();
    },
  };
}

/** The account menu: profile and preferences, shortcuts, notifications, log out. */
export function UserMenu() {
  const me = useQuery(userQueries.me());
  const email = useSessionStore((session) => session.credentials?.email);
  const logout = useLogout();
  const notificationItem = useNotificationItem();
  const name = me.data?.full_name ?? email ?? "You";
  const items: MenuItem[] = [
    {
      label: "Your profile and preferences",
      onSelect: () => {
        shellActions.openDialog({ kind: "profile" });
      },
    },
    {
      label: "Your account",
      onSelect: () => {
        window.location.hash = ORGANIZATION_PAGES.account.hash;
      },
    },
    {
      label: "Your uploaded files",
      onSelect: () => {
        window.location.hash = ORGANIZATION_PAGES.uploads.hash;
      },
    },
    {
      label: "Keyboard shortcuts",
      onSelect: () => {
        shellActions.openDialog({ kind: "help" });
      },
    },
    ...(notificationItem === null ? [] : [notificationItem]),
    { label: "Log out", onSelect: logout },
  ];
  return (
    <MenuButton label={`Account: ${name}`} items={items} className="user-menu-button" toggleKey="g">
      <Avatar name={name} url={me.data?.avatar_url} size={28} />
      <span className="user-menu-name">{name}</span>
    </MenuButton>
  );
}

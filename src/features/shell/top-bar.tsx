import { useQuery } from "@tanstack/react-query";
import { Icon } from "../../components/icon";
import type { Narrow } from "../../lib/narrow";
import { serverQueries } from "../../queries/server-queries";
import { useUiStore, uiActions } from "../../stores/ui-store";
import { useLogout } from "../login/use-session";
import { SearchBox } from "../search/search-box";
import type { LayoutMode } from "./layout";
import { useShellStore, shellActions } from "./shell-store";
import { ThemeSwitch } from "./theme-switch";
import { UserMenu } from "./user-menu";
import "./top-bar.css";

/** Ids the top bar's toggles point `aria-controls` at. */
export const LEFT_PANEL_ID = "shell-left-panel";
export const RIGHT_PANEL_ID = "shell-right-panel";

function UsersToggle({ layout }: { layout: LayoutMode }) {
  const isColumnOpen = useUiStore((state) => state.isRightPanelOpen);
  const isDrawerOpen = useShellStore((state) => state.isRightDrawerOpen);
  const isOpen = layout === "wide" ? isColumnOpen : isDrawerOpen;
  return (
    <button
      type="button"
      className="icon-button top-bar-button"
      aria-label="Users"
      aria-expanded={isOpen}
      aria-controls={RIGHT_PANEL_ID}
      title={isOpen ? "Hide users" : "Show users"}
      onClick={() => {
        if (layout === "wide") uiActions.setRightPanelOpen(!isOpen);
        else shellActions.setRightDrawerOpen(!isOpen);
      }}
    >
      <Icon name="users" size={20} />
    </button>
  );
}

/**
 * The top bar: the streams drawer button (narrow screens), brand and organisation, search, theme,
 * the users panel toggle and the account menu.
 */
export function TopBar({
  layout,
  currentNarrow,
}: {
  layout: LayoutMode;
  currentNarrow: Narrow | undefined;
}) {
  const settings = useQuery(serverQueries.settings());
  const isLeftOpen = useUiStore((state) => state.isLeftDrawerOpen);
  const logout = useLogout();
  return (
    <header className="top-bar">
      {layout === "narrow" && (
        <button
          type="button"
          className="icon-button top-bar-button"
          aria-label="Open streams"
          aria-expanded={isLeftOpen}
          aria-controls={LEFT_PANEL_ID}
          onClick={() => {
            uiActions.setLeftDrawerOpen(true);
          }}
        >
          <Icon name="menu" size={20} />
        </button>
      )}
      <a className="brand" href="#" aria-label="Parley home">
        <span className="brand-mark" aria-hidden="true">
          P
        </span>
        <span className="brand-text" aria-hidden="true">
          Parley
        </span>
      </a>
      {settings.data?.realm_name !== undefined && (
        <span className="realm-name">{settings.data.realm_name}</span>
      )}
      <SearchBox currentNarrow={currentNarrow} />
      <div className="top-bar-end">
        <ThemeSwitch />
        <UsersToggle layout={layout} />
        <UserMenu />
        <button type="button" className="button top-bar-logout" onClick={logout}>
          Log out
        </button>
      </div>
    </header>
  );
}

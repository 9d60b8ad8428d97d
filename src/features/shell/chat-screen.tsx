import { useEffect } from "react";
import { ConnectionStatus } from "../connection/connection-status";
import { useCurrentRoute } from "../narrow/use-current-route";
import { useDesktopNotifications } from "../notifications/use-desktop-notifications";
import { useGlobalShortcuts } from "../shortcuts/use-global-shortcuts";
import { Sidebar } from "../sidebar/sidebar";
import { usePresenceReporter } from "../users/presence";
import { useUserName } from "../users/use-user-name";
import { useUiStore, uiActions } from "../../stores/ui-store";
import { Centre } from "./centre";
import { routeTitle, useDocumentTitle } from "./document-title";
import { SidePanel } from "./drawer";
import { useHomeRoute } from "./home-setting";
import { useLayoutMode, type LayoutMode } from "./layout";
import { RightPanel } from "./right-panel";
import { ShellDialogs } from "./shell-dialogs";
import { ShellProblems } from "./shell-problems";
import { useShellStore, shellActions } from "./shell-store";
import { LEFT_PANEL_ID, RIGHT_PANEL_ID, TopBar } from "./top-bar";
import { useServerPreferencesSync } from "./server-preferences";
import { useEventConnection } from "./use-event-connection";
import "./shell.css";

/** Drawers that no longer fit the layout close (a rotated phone, a resized window). */
function useDrawersFitLayout(layout: LayoutMode): void {
  useEffect(() => {
    if (layout !== "narrow") uiActions.setLeftDrawerOpen(false);
    if (layout === "wide") shellActions.setRightDrawerOpen(false);
  }, [layout]);
}

function closeDrawers(): void {
  uiActions.setLeftDrawerOpen(false);
  shellActions.setRightDrawerOpen(false);
}

/**
 * Any navigation (a link, Back or Forward, a shortcut) closes the drawers: the reader is going
 * to the view they cover. The sidebar's own links close it on click already; this catches the
 * rest.
 */
function useDrawersCloseOnNavigation(): void {
  useEffect(() => {
    let hash = window.location.hash;
    const onNavigate = (): void => {
      if (window.location.hash === hash) return;
      hash = window.location.hash;
      closeDrawers();
    };
    window.addEventListener("popstate", onNavigate);
    window.addEventListener("hashchange", onNavigate);
    return () => {
      window.removeEventListener("popstate", onNavigate);
      window.removeEventListener("hashchange", onNavigate);
    };
  }, []);
}

/**
 * The logged-in app: top bar, connection banner, streams on the left, the current route in the
 * centre, users and groups on the right; side panels become drawers when the window is narrow.
 */
export function ChatScreen() {
  useEventConnection();
  useServerPreferencesSync();
  usePresenceReporter();
  useDesktopNotifications();
  useGlobalShortcuts();
  const route = useHomeRoute(useCurrentRoute());
  const userName = useUserName();
  const title = routeTitle(route, userName);
  useDocumentTitle(title);
  const layout = useLayoutMode();
  useDrawersFitLayout(layout);
  useDrawersCloseOnNavigation();

  const isLeftOpen = useUiStore((state) => state.isLeftDrawerOpen);
  const isRightColumnOpen = useUiStore((state) => state.isRightPanelOpen);
  const isRightDrawerOpen = useShellStore((state) => state.isRightDrawerOpen);
  const isLeftDrawer = layout === "narrow";
  const isRightDrawer = layout !== "wide";
  const isDrawerOpen = (isLeftDrawer && isLeftOpen) || (isRightDrawer && isRightDrawerOpen);
  const showRight = isRightDrawer || isRightColumnOpen;
  const currentNarrow = route.kind === "narrow" ? route.narrow : undefined;

  return (
    <div className="shell" data-layout={layout} data-right={showRight && !isRightDrawer}>
      <div className="shell-top" inert={isDrawerOpen}>
        <TopBar layout={layout} currentNarrow={currentNarrow} />
        <ConnectionStatus />
        <ShellProblems />
      </div>
      <SidePanel
        id={LEFT_PANEL_ID}
        side="left"
        label="Streams"
        isDrawer={isLeftDrawer}
        isOpen={isLeftOpen}
        onClose={closeDrawers}
        isInert={isRightDrawer && isRightDrawerOpen}
      >
        <Sidebar currentRoute={route} />
      </SidePanel>
      <main className="shell-main" aria-label="Conversation" inert={isDrawerOpen}>
        <Centre route={route} title={title} userName={userName} />
      </main>
      {showRight && (
        <SidePanel
          id={RIGHT_PANEL_ID}
          side="right"
          label="Users"
          isDrawer={isRightDrawer}
          isOpen={isRightDrawerOpen}
          onClose={closeDrawers}
          isInert={isLeftDrawer && isLeftOpen}
        >
          <RightPanel />
        </SidePanel>
      )}
      {isDrawerOpen && (
        <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawers} />
      )}
      <ShellDialogs />
    </div>
  );
}

import { useEffect } from "react";
import type { UserSettings } from "../../../common/wire/settings";
import { ApiError } from "../../api/errors";
import type { UserSettingsUpdate } from "../../api/settings";
import { useUpdateUserSettings } from "../../queries/settings-mutations";
import { settingsQueries } from "../../queries/settings-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import {
  currentServerPreferences,
  homeViewOf,
  uiActions,
  type ServerPreferences,
  type ThemeChoice,
} from "../../stores/ui-store";

/** Zulip's `color_scheme` for a theme choice: 1 automatic, 2 dark, 3 light. */
export function colorSchemeOf(theme: ThemeChoice): 1 | 2 | 3 {
  if (theme === "dark") return 2;
  if (theme === "light") return 3;
  return 1;
}

/** The theme choice for Zulip's `color_scheme` (an unknown value is the automatic one). */
export function themeOf(colorScheme: number): ThemeChoice {
  if (colorScheme === 2) return "dark";
  if (colorScheme === 3) return "light";
  return "system";
}

/** What the UI store takes from the user's settings. */
export function serverPreferences(settings: UserSettings): ServerPreferences {
  return {
    theme: themeOf(settings.color_scheme),
    homeView: homeViewOf(settings.web_home_view),
    enterSends: settings.enter_sends,
    twentyFourHourTime: settings.twenty_four_hour_time,
    density: {
      fontSizePx: settings.web_font_size_px,
      lineHeightPercent: settings.web_line_height_percent,
    },
  };
}

/**
 * Keeps the UI store's preferences (theme, Enter sends, time format, density) in step with the
 * user's settings on the server: the register snapshot, then every `user_settings` event (a
 * change in another tab or device). The browser's remembered copy serves only the first paint.
 */
export function useServerPreferencesSync(): void {
  const settings = useSnapshotQuery(settingsQueries.user()).data;
  useEffect(() => {
    if (settings !== undefined) uiActions.settingsReceived(serverPreferences(settings));
  }, [settings]);
}

/**
 * Changes a preference at once on this page and saves it on the server (`PATCH /settings`),
 * which tells the user's other tabs. A change the server refuses is put back; one that could not
 * reach it (offline) stays on this page, remembered by the browser.
 */
export function useSavePreference() {
  const update = useUpdateUserSettings();
  return {
    setTheme(theme: ThemeChoice) {
      save({ theme }, { color_scheme: colorSchemeOf(theme) });
    },
    setEnterSends(enterSends: boolean) {
      save({ enterSends }, { enter_sends: enterSends });
    },
    error: update.error,
  };

  function save(local: Partial<ServerPreferences>, remote: UserSettingsUpdate) {
    const before = currentServerPreferences();
    uiActions.settingsReceived({ ...before, ...local });
    update.mutate(remote, {
      onError: (error) => {
        if (error instanceof ApiError) uiActions.settingsReceived(before);
      },
    });
  }
}

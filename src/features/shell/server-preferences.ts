import { useEffect, useRef } from "react";
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
 * Preferences chosen on this page whose saving the server has not yet shown back. The settings
 * that arrive meanwhile may predate the choice (a theme clicked while the register snapshot is on
 * its way comes back old with it), so the choice stays over them until the server's settings
 * agree, the save is refused, or, once the save is answered, a later change of the settings
 * arrives (another tab's choice after this one wins).
 */
export class UnsavedChoices {
  private readonly choices = new Map<
    keyof ServerPreferences,
    { value: unknown; isAnswered: boolean; token: object }
  >();

  /** Records a choice being saved; the token answers for it. */
  chose(local: Partial<ServerPreferences>): object {
    const token = {};
    for (const [key, value] of Object.entries(local) as [keyof ServerPreferences, unknown][]) {
      this.choices.set(key, { value, isAnswered: false, token });
    }
    return token;
  }

  /** The save of `token` was answered: accepted, or not delivered (it stays on this page). */
  answered(token: object): void {
    for (const choice of this.choices.values()) {
      if (choice.token === token) choice.isAnswered = true;
    }
  }

  /** The save of `token` was refused: its choices give way to the server's settings. */
  refused(token: object): void {
    for (const [key, choice] of this.choices) {
      if (choice.token === token) this.choices.delete(key);
    }
  }

  /**
   * The preferences to show for the server's `received` settings, the first ones (the register
   * snapshot) or a later change.
   */
  over(received: ServerPreferences, isFirst: boolean): ServerPreferences {
    const shown: Record<string, unknown> = { ...received };
    for (const [key, choice] of this.choices) {
      const isAgreed = JSON.stringify(received[key]) === JSON.stringify(choice.value);
      if (isAgreed || (choice.isAnswered && !isFirst)) this.choices.delete(key);
      else shown[key] = choice.value;
    }
    return shown as unknown as ServerPreferences;
  }
}

const unsavedChoices = new UnsavedChoices();

/**
 * Keeps the UI store's preferences (theme, Enter sends, time format, density) in step with the
 * user's settings on the server: the register snapshot, then every `user_settings` event (a
 * change in another tab or device), under the choices of this page not yet saved. The browser's
 * remembered copy serves only the first paint.
 */
export function useServerPreferencesSync(): void {
  const settings = useSnapshotQuery(settingsQueries.user()).data;
  const hadSettings = useRef(false);
  useEffect(() => {
    if (settings === undefined) return;
    const isFirst = !hadSettings.current;
    hadSettings.current = true;
    uiActions.settingsReceived(unsavedChoices.over(serverPreferences(settings), isFirst));
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
    const token = unsavedChoices.chose(local);
    update.mutate(remote, {
      onSuccess: () => {
        unsavedChoices.answered(token);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          unsavedChoices.refused(token);
          uiActions.settingsReceived(before);
        } else {
          unsavedChoices.answered(token);
        }
      },
    });
  }
}

import { queryOptions } from "@tanstack/react-query";
import { deleteQueue, registerQueue } from "../api/events";
import type { RegisterResponse } from "../../common/wire/register";
import {
  legacyUserSettingsShape,
  userSettingsSchema,
  type UserSettings,
  type UserSettingsEvent,
} from "../../common/wire/settings";
import { sessionStore } from "../stores/session-store";

/**
 * The user's settings in a register snapshot: the `user_settings` object, or (COMPAT(FL 89))
 * the top-level fields of a server older than it. Undefined when the snapshot has neither.
 */
export function snapshotUserSettings(snapshot: RegisterResponse): UserSettings | undefined {
  if (snapshot.user_settings !== undefined) return snapshot.user_settings;
  if (snapshot.translate_emoticons !== undefined) {
    // The top-level fields an old server sent; the ones it lacks take their defaults.
    const legacy = Object.fromEntries(
      Object.keys(legacyUserSettingsShape).map((name) => [name, snapshot[name]]),
    );
    return userSettingsSchema.parse(legacy);
  }
  return undefined;
}

/** The settings with one changed by a `user_settings` (or legacy) event. */
export function changedUserSettings(
  settings: UserSettings,
  property: UserSettingsEvent["property"],
  value: UserSettingsEvent["value"],
): UserSettings {
  return { ...settings, [property]: value };
}

/** The user's own settings; keys are per session, and the cache is cleared on logout. */
export const settingsQueries = {
  all: () => ["settings"] as const,
  /**
   * The user's settings (`translate_emoticons`…). Seeded from the register snapshot and kept
   * current by `user_settings` events, so never stale and never collected: the renderer reads
   * it for local echoes and previews whether or not a view shows it. Zulip serves settings only
   * in a register snapshot, so a fetch (when nothing seeded it) registers a queue that asks for
   * nothing else, and deletes it.
   */
  user: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), "user"] as const,
      queryFn: async ({ signal }): Promise<UserSettings> => {
        const client = sessionStore.getState().client;
        const snapshot = await registerQueue(
          client,
          {
            event_types: ["user_settings"],
            fetch_event_types: ["user_settings", "update_display_settings"],
            client_capabilities: { user_settings_object: true },
          },
          { signal },
        );
        deleteQueue(client, { queue_id: snapshot.queue_id }).catch(() => {
          // The server collects an idle queue on its own.
        });
        const settings = snapshotUserSettings(snapshot);
        if (settings === undefined) throw new Error("The server sent no user settings.");
        return settings;
      },
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

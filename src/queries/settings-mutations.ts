import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateSettings, type UserSettingsUpdate } from "../api/settings";
import { useSessionStore } from "../stores/session-store";
import { settingsQueries } from "./settings-queries";

/**
 * `PATCH settings`. The `user_settings` event brings the change to every tab of the user, this
 * one included; the cache is also set on success, for an event connection that is down.
 */
export function useUpdateUserSettings() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UserSettingsUpdate) => updateSettings(client, update),
    onSuccess: (_nothing, update) => {
      queryClient.setQueryData(settingsQueries.user().queryKey, (settings) =>
        settings === undefined ? settings : { ...settings, ...update },
      );
    },
  });
}

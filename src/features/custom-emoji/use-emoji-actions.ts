import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deactivateCustomEmoji, uploadCustomEmoji } from "../../api/realm-emoji";
import { realmQueries } from "../../queries/realm-queries";
import { useSessionStore } from "../../stores/session-store";

/** A new custom emoji: its name and image. */
export interface EmojiUpload {
  name: string;
  file: Blob;
}

/**
 * `POST realm/emoji/{name}`. The `realm_emoji` event updates the emoji query everywhere (grid,
 * picker, typeahead); the refetch after success covers an event connection that is down.
 */
export function useUploadEmoji() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: EmojiUpload) =>
      uploadCustomEmoji(client, { emoji_name: upload.name, file: upload.file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: realmQueries.emoji().queryKey }),
  });
}

/** `DELETE realm/emoji/{name}`: deactivates it; kept current the same way as uploads. */
export function useDeactivateEmoji() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deactivateCustomEmoji(client, { emoji_name: name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: realmQueries.emoji().queryKey }),
  });
}

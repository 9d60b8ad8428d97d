import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  addLinkifier,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
} from "../api/linkifiers";
import { deactivateCustomEmoji, uploadCustomEmoji } from "../api/realm-emoji";
import { FEATURE_LEVEL, linkifierWriteParams } from "../../common/wire/compat";
import { useSessionStore } from "../stores/session-store";
import { realmQueries } from "./realm-queries";
import { serverQueries } from "./server-queries";

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

/**
 * `POST realm/filters`. The list follows from the `realm_linkifiers` event, as it does for
 * everyone: not refetched here, since the event's old-versus-new comparison is what re-renders
 * the affected messages (a refetch landing first would hide the change from it).
 */
export function useAddLinkifier() {
  const client = useSessionStore((session) => session.client);
  const writeParams = useLinkifierWriteParams();
  return useMutation({
    mutationFn: async (draft: LinkifierDraft) => addLinkifier(client, writeParams(draft)),
  });
}

/** A linkifier as the forms write it. */
interface LinkifierDraft {
  pattern: string;
  url_template: string;
}

/**
 * The parameters a draft is sent with: `url_template`, or `url_format_string` for a server
 * before feature level 176. The feature level of server_settings when the app has it (the login
 * page reads it); a current server otherwise, and an older one then refuses `url_template` in
 * its own words. Throws when an old server cannot take this template.
 */
function useLinkifierWriteParams() {
  const queryClient = useQueryClient();
  return (draft: LinkifierDraft) => {
    const settings = queryClient.getQueryData(serverQueries.settings().queryKey);
    const featureLevel = settings?.zulip_feature_level ?? FEATURE_LEVEL.linkifierUrlTemplate;
    const params = linkifierWriteParams(featureLevel, draft);
    if (params === undefined) {
      throw new Error(
        "This server is too old for this URL template: use only {name} variables of the pattern's groups.",
      );
    }
    return params;
  };
}

/** `PATCH realm/filters/{id}`; the list follows from the event, as for adding. */
export function useUpdateLinkifier() {
  const client = useSessionStore((session) => session.client);
  const writeParams = useLinkifierWriteParams();
  return useMutation({
    mutationFn: async ({ id, ...draft }: LinkifierDraft & { id: number }) => {
      await updateLinkifier(client, { filter_id: id, ...writeParams(draft) });
    },
  });
}

/**
 * `PATCH realm/linkifiers`: every linkifier's id in the new order. The list follows from the
 * event (not set here first: the event's old-versus-new comparison re-renders the messages).
 */
export function useReorderLinkifiers() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (orderedIds: readonly number[]) =>
      reorderLinkifiers(client, { ordered_linkifier_ids: orderedIds }),
  });
}

/** `DELETE realm/filters/{id}`; the list follows from the event, as for adding. */
export function useRemoveLinkifier() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (filterId: number) => removeLinkifier(client, { filter_id: filterId }),
  });
}

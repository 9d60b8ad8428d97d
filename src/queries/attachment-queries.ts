import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndpointResponse } from "../../common/wire/endpoints";
import type { AttachmentEvent } from "../../common/wire/uploads";
import { getAttachments, removeAttachment } from "../api/uploads";
import { sessionStore, useSessionStore } from "../stores/session-store";

/** The user's uploads (`GET attachments`): asked for when the page opens, not in register. */
export const attachmentQueries = {
  all: () => ["attachments"] as const,
  /** The uploads with the messages that link each, and the organisation's space used. */
  list: () =>
    queryOptions({
      queryKey: [...attachmentQueries.all(), "list"] as const,
      queryFn: ({ signal }) => getAttachments(sessionStore.getState().client, { signal }),
      staleTime: 0,
    }),
};

/** `DELETE attachments/{id}`; the list is asked again after. */
export function useRemoveAttachment() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) => removeAttachment(client, attachmentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentQueries.all() }),
  });
}

type AttachmentList = EndpointResponse<"attachments", "GET">;

/**
 * The list after an `attachment` event (the uploader's own, from any of their clients): an
 * upload added goes first (the list is newest first), an update replaces it (a message linked
 * or unlinked it), a removal drops it; the organisation's space used comes with each.
 */
export function applyAttachmentEvent(list: AttachmentList, event: AttachmentEvent): AttachmentList {
  const others = list.attachments.filter((a) => a.id !== event.attachment.id);
  const attachments =
    event.op === "remove"
      ? others
      : event.op === "add"
        ? [event.attachment, ...others]
        : list.attachments.map((a) => (a.id === event.attachment.id ? event.attachment : a));
  return { ...list, attachments, upload_space_used: event.upload_space_used };
}

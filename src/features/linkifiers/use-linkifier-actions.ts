import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FEATURE_LEVEL, linkifierWriteParams } from "../../../common/wire/compat";
import { ApiError } from "../../api/errors";
import { addLinkifier, removeLinkifier } from "../../api/linkifiers";
import { serverQueries } from "../../queries/server-queries";
import { useSessionStore } from "../../stores/session-store";
import { errorMessage } from "../streams/error-message";
import type { LinkifierErrors } from "./linkifier-rules";

/** A refusal of the server, placed beside the field it names (`form` for the rest). */
export type ServerRefusal = LinkifierErrors & { form?: string };

function firstText(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const first: unknown = value[0];
  return typeof first === "string" ? first : undefined;
}

/**
 * Where the server's refusal goes: Django-style `errors` (`pattern`, `url_template`, the [OLD]
 * `url_format_string`, `__all__`) beside their fields, anything else (no permission, offline)
 * under the form.
 */
export function refusalOf(error: unknown): ServerRefusal {
  const errors = error instanceof ApiError ? error.extra["errors"] : undefined;
  if (typeof errors !== "object" || errors === null) return { form: errorMessage(error) };
  const byField = new Map(Object.entries(errors));
  const pattern = firstText(byField.get("pattern"));
  const template =
    firstText(byField.get("url_template")) ?? firstText(byField.get("url_format_string"));
  const refusal: ServerRefusal = {};
  if (pattern !== undefined) refusal.pattern = pattern;
  if (template !== undefined) refusal.url_template = template;
  if (pattern === undefined && template === undefined) {
    refusal.form = firstText(byField.get("__all__")) ?? errorMessage(error);
  }
  return refusal;
}

/**
 * `POST realm/filters`. The list follows from the `realm_linkifiers` event, as it does for
 * everyone: not refetched here, since the event's old-versus-new comparison is what re-renders
 * the affected messages (a refetch landing first would hide the change from it).
 */
export function useAddLinkifier() {
  const client = useSessionStore((session) => session.client);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: { pattern: string; url_template: string }) => {
      // The feature level of server_settings when the app has it (the login page reads it); a
      // current server otherwise, and an older one then refuses `url_template` in its own words.
      const settings = queryClient.getQueryData(serverQueries.settings().queryKey);
      const featureLevel = settings?.zulip_feature_level ?? FEATURE_LEVEL.linkifierUrlTemplate;
      const params = linkifierWriteParams(featureLevel, draft);
      if (params === undefined) {
        return Promise.reject(
          new Error(
            "This server is too old for this URL template: use only {name} variables of the pattern's groups.",
          ),
        );
      }
      return addLinkifier(client, params);
    },
  });
}

/** `DELETE realm/filters/{id}`; the list follows from the event, as for adding. */
export function useRemoveLinkifier() {
  const client = useSessionStore((session) => session.client);
  return useMutation({
    mutationFn: (filterId: number) => removeLinkifier(client, { filter_id: filterId }),
  });
}

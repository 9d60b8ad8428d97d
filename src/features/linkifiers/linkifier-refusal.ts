import { ApiError } from "../../api/errors";
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

import * as rules from "../../common/markdown/linkifier-rules";
import { ApiError } from "../http/errors";

/**
 * The linkifier rules (common/markdown/linkifier-rules.ts, shared with the client's form) as the
 * server applies them: each problem becomes Django's validation error, a 400 with Zulip's
 * `errors` (field → messages).
 */

export { templateToFormatString } from "../../common/markdown/linkifier-rules";

function validationError(field: string, msg: string): ApiError {
  return new ApiError(msg, { extra: { errors: { [field]: [msg] } } });
}

/** The pattern's named groups; throws the 400 of a blank, overlong or refused pattern. */
export function checkPattern(pattern: string): string[] {
  const checked = rules.checkPattern(pattern);
  if ("error" in checked) throw validationError("pattern", checked.error);
  return checked.groups;
}

/** Throws the 400 of a template that is malformed, unsafe or does not match `groups`. */
export function checkUrlTemplate(template: string, groups: readonly string[]): void {
  const problem = rules.checkUrlTemplate(template, groups);
  if (problem) throw validationError(problem.field, problem.error);
}

/** The URL template of an [OLD] `url_format_string`; throws the 400 of an invalid one. */
export function formatStringToTemplate(format: string): string {
  const template = rules.formatStringToTemplate(format);
  if (template === undefined) {
    throw validationError("url_format_string", rules.INVALID_FORMAT_STRING);
  }
  return template;
}

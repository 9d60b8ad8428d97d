import type { EndpointPath } from "../../common/wire/endpoints";

/** The names of the `{name}` parameters of a path template. */
type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** A path parameter: an integer id, or a string such as an email or a custom emoji's name. */
export type PathValue = number | string;

/** `path` holds a value for each `{name}` of the template, and is absent when there is none. */
export type PathOption<P extends EndpointPath> = [PathParamName<P>] extends [never]
  ? { path?: undefined }
  : { path: Readonly<Record<PathParamName<P>, PathValue>> };

/**
 * `template` with each `{name}` replaced by its value: an integer as it is, a string
 * percent-encoded. Throws a `TypeError` (a caller's mistake, not a failed request) for a missing
 * value, a number that is not a safe integer, and a string that is empty or a dot segment (`.`,
 * `..`), which URL parsing would resolve into another path.
 */
export function fillPath(
  template: string,
  values: Readonly<Record<string, PathValue>> | undefined,
): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values?.[name];
    if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
    if (typeof value === "string" && value !== "" && value !== "." && value !== "..") {
      return encodeURIComponent(value);
    }
    throw new TypeError(`${template}: {${name}} may not be ${String(value)}`);
  });
}

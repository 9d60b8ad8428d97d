import { ApiError } from "../http/errors";
import type { Params } from "../http/params";

/** A JSON list of integers, Zulip's `check_list(check_int)`; undefined when not given. */
export function intList(params: Params, name: string): number[] | undefined {
  const value = params.optionalJson(name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new ApiError(`${name} is not a list`);
  return value.map((item: unknown, index) => {
    if (typeof item !== "number" || !Number.isSafeInteger(item)) {
      throw new ApiError(`${name}[${index}] is not an integer`);
    }
    return item;
  });
}

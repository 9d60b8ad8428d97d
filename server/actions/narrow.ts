import { ApiError } from "../http/errors";

/** One term of a Zulip narrow. */
export interface NarrowTerm {
  operator: string;
  operand: string | number | readonly (string | number)[];
  negated: boolean;
}

function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, { code: "BAD_NARROW", extra: { desc } });
}

function isOperand(value: unknown): value is NarrowTerm["operand"] {
  if (typeof value === "string" || typeof value === "number") return true;
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === "string" || typeof item === "number")
  );
}

/**
 * Parses Zulip's `narrow` parameter: a JSON list of `{operator, operand, negated?}` objects or of
 * legacy `[operator, operand]` pairs.
 */
export function parseNarrow(value: unknown): NarrowTerm[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ApiError("narrow is not a list");
  return value.map((element: unknown): NarrowTerm => {
    if (Array.isArray(element)) {
      const [operator, operand] = element as unknown[]; // a JSON array; checked just below
      if (typeof operator !== "string" || !isOperand(operand)) throw badNarrow("malformed term");
      return { operator, operand, negated: false };
    }
    if (element !== null && typeof element === "object") {
      const { operator, operand, negated } = element as Record<string, unknown>; // a JSON object
      if (typeof operator !== "string" || !isOperand(operand)) throw badNarrow("malformed term");
      if (negated !== undefined && typeof negated !== "boolean") throw badNarrow("malformed term");
      return { operator, operand, negated: negated ?? false };
    }
    throw badNarrow("malformed term");
  });
}

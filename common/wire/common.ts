import { z } from "zod";

/** Every Zulip response carries `result` and `msg`; errors add `code` and sometimes more fields. */
export const errorResponseSchema = z.looseObject({
  result: z.literal("error"),
  msg: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Wraps a success payload schema with the `result`/`msg` envelope. */
export function successSchema<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject({ result: z.literal("success"), msg: z.string(), ...shape });
}

/**
 * `T` without the keys `K`, for the loose objects of these schemas. TypeScript's `Omit` of a type
 * with an index signature keeps only the index signature (its `keyof` is `string`), losing every
 * named field; this keeps them. It distributes over unions, so each form of an event keeps its
 * own fields.
 */
export type WithoutKeys<T, K extends PropertyKey> = T extends unknown
  ? { [P in keyof T as P extends K ? never : P]: T[P] }
  : never;

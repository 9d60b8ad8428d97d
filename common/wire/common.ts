import { z } from "zod";

/** Every Zulip response carries `result` and `msg`; errors add `code` and sometimes more fields. */
export const errorResponseSchema = z.looseObject({
  result: z.literal("error"),
  msg: z.string(),
  code: z.string().optional(),
});

/** Wraps a success payload schema with the `result`/`msg` envelope. */
export function successSchema<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject({ result: z.literal("success"), msg: z.string(), ...shape });
}

import type { ApiCall } from "../http/endpoint";
import { invalidArgument } from "../http/errors";

/** A path parameter that must be a decimal integer (it may still be too large to name a row). */
export function pathInteger(call: Pick<ApiCall, "path">, name: string): number {
  const raw = call.path[name] ?? "";
  if (!/^\d{1,20}$/.test(raw)) throw invalidArgument(name, raw);
  return Number(raw);
}

/** A path parameter as text (Fastify has already percent-decoded it). */
export function pathText(call: Pick<ApiCall, "path">, name: string): string {
  return call.path[name] ?? "";
}

import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";

/** The organisation's URL: configured, or the origin the request was addressed to. */
export function realmUrl(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.realmUrl ?? `${request.protocol}://${request.host}`;
}

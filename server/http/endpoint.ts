import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import type { ParsedBody } from "./body";
import type { Params } from "./params";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Everything a handler gets for one call. */
export interface ApiCall {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  body: ParsedBody;
  /** Path parameters, e.g. `message_id` of `/messages/:message_id`. */
  path: Readonly<Record<string, string>>;
}

export interface AuthenticatedCall extends ApiCall {
  user: UserRow;
}

/** A handler returns the success payload; `result` and `msg` are added around it. */
export type Handler<Call> = (call: Call) => Promise<Record<string, unknown>>;

/** One path of the API with its handler per method; paths are relative to `/api/v1/`. */
export type Endpoint =
  | { path: string; auth: "none"; methods: Partial<Record<HttpMethod, Handler<ApiCall>>> }
  | {
      path: string;
      auth: "user";
      methods: Partial<Record<HttpMethod, Handler<AuthenticatedCall>>>;
    };

/** Builds a list of authenticated endpoints without repeating `auth: "user"`. */
export function userEndpoint(
  path: string,
  methods: Partial<Record<HttpMethod, Handler<AuthenticatedCall>>>,
): Endpoint {
  return { path, auth: "user", methods };
}

export function publicEndpoint(
  path: string,
  methods: Partial<Record<HttpMethod, Handler<ApiCall>>>,
): Endpoint {
  return { path, auth: "none", methods };
}

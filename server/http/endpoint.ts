import type { FastifyReply, FastifyRequest } from "fastify";
import type {
  EndpointMethod,
  EndpointPath,
  HttpMethod,
  ResponsePayload,
} from "../../common/wire/endpoints";
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import type { ParsedBody } from "./body";
import type { Params } from "./params";

export type { HttpMethod };

/** Everything a handler gets for one call. */
export interface ApiCall {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  body: ParsedBody;
  /** Path parameters, e.g. `message_id` of `/messages/{message_id}`. */
  path: Readonly<Record<string, string>>;
}

export interface AuthenticatedCall extends ApiCall {
  user: UserRow;
}

/** A handler returns the success payload; `result` and `msg` are added around it. */
type Handler<Call, Payload> = (call: Call) => Promise<Payload>;

/**
 * The handlers of `path`, one per method it answers, each returning that method's response as
 * the shared schema defines it (common/wire/endpoints.ts): a field the client needs missing or
 * of the wrong type is a compile error here.
 */
export type Handlers<P extends EndpointPath, Call> = {
  [M in EndpointMethod<P>]?: Handler<Call, ResponsePayload<P, M>>;
};

/** Handlers once checked: what dispatching needs to know of them. */
type CheckedHandlers<Call> = Partial<Record<HttpMethod, Handler<Call, Record<string, unknown>>>>;

/** One path of the API with its handler per method; paths are relative to `/api/v1/`. */
export type Endpoint =
  | { path: EndpointPath; auth: "none"; methods: CheckedHandlers<ApiCall> }
  | { path: EndpointPath; auth: "user"; methods: CheckedHandlers<AuthenticatedCall> };

/** An endpoint for logged-in users (HTTP basic authentication with an API key). */
export function userEndpoint<P extends EndpointPath>(
  path: P,
  methods: Handlers<P, AuthenticatedCall>,
): Endpoint;
export function userEndpoint(
  path: EndpointPath,
  methods: CheckedHandlers<AuthenticatedCall>,
): Endpoint {
  return { path, auth: "user", methods };
}

/** An endpoint anyone may call (server settings, logging in). */
export function publicEndpoint<P extends EndpointPath>(
  path: P,
  methods: Handlers<P, ApiCall>,
): Endpoint;
export function publicEndpoint(path: EndpointPath, methods: CheckedHandlers<ApiCall>): Endpoint {
  return { path, auth: "none", methods };
}

/** The route of `path` in Fastify's syntax: `messages/{message_id}` → `messages/:message_id`. */
export function routePath(path: EndpointPath): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

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

/** What every endpoint says besides its handlers. */
interface EndpointOptions {
  /**
   * The path's last parameter takes the rest of the path, slashes included (an upload's
   * `{filename}` is `{2 hex}/{random}/{name}`), whether the slashes come encoded or not.
   */
  restOfPath?: boolean;
}

/** One path of the API with its handler per method; paths are relative to `/api/v1/`. */
export type Endpoint = EndpointOptions &
  (
    | { path: EndpointPath; auth: "none"; methods: CheckedHandlers<ApiCall> }
    | { path: EndpointPath; auth: "user"; methods: CheckedHandlers<AuthenticatedCall> }
  );

/** An endpoint for logged-in users (HTTP basic authentication with an API key). */
export function userEndpoint<P extends EndpointPath>(
  path: P,
  methods: Handlers<P, AuthenticatedCall>,
  options?: EndpointOptions,
): Endpoint;
export function userEndpoint(
  path: EndpointPath,
  methods: CheckedHandlers<AuthenticatedCall>,
  options: EndpointOptions = {},
): Endpoint {
  return { path, auth: "user", methods, ...options };
}

/** An endpoint anyone may call (server settings, logging in). */
export function publicEndpoint<P extends EndpointPath>(
  path: P,
  methods: Handlers<P, ApiCall>,
): Endpoint;
export function publicEndpoint(path: EndpointPath, methods: CheckedHandlers<ApiCall>): Endpoint {
  return { path, auth: "none", methods };
}

/**
 * The route of `endpoint` in Fastify's syntax: `messages/{message_id}` → `messages/:message_id`;
 * with `restOfPath`, the last parameter is Fastify's wildcard `*`.
 */
export function routePath(endpoint: Pick<Endpoint, "path" | "restOfPath">): string {
  const route = endpoint.path.replace(/\{(\w+)\}/g, ":$1");
  return endpoint.restOfPath === true ? route.replace(/:\w+$/, "*") : route;
}

/** The path parameters by name: the wildcard's value under the last parameter's name. */
export function pathParameters(
  endpoint: Pick<Endpoint, "path" | "restOfPath">,
  params: Readonly<Record<string, string>>,
): Record<string, string> {
  const { "*": rest, ...named } = params;
  const last = /\{(\w+)\}$/.exec(endpoint.path)?.[1];
  if (endpoint.restOfPath !== true || rest === undefined || last === undefined)
    return { ...params };
  return { ...named, [last]: rest };
}

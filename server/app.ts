import { basename } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { AppContext } from "./context";
import { findUserById } from "./db/users";
import { AppShell } from "./http/app-shell";
import { authenticateBasic } from "./http/auth";
import { avatarSvg } from "./http/avatar";
import { bodyOf, parseUrlEncoded, registerBodyParsers } from "./http/body";
import {
  pathParameters,
  routePath,
  type ApiCall,
  type Endpoint,
  type HttpMethod,
} from "./http/endpoint";
import { ApiError } from "./http/errors";
import { Params, rejectNul } from "./http/params";
import { RateLimiter, rateLimitHeaders, rateLimitHit } from "./http/rate-limit";
import { registerSecurityHeaders } from "./http/security-headers";
import { devEndpoints } from "./routes/dev";
import { eventEndpoints } from "./routes/events";
import { messageActionEndpoints } from "./routes/message-actions";
import { messageEditEndpoints } from "./routes/message-edits";
import { messageEndpoints } from "./routes/messages";
import { realmEndpoints } from "./routes/realm";
import { registerEmojiFiles } from "./routes/realm-emoji";
import { registerUnicodeEmojiFiles } from "./routes/unicode-emoji";
import { serverEndpoints } from "./routes/server";
import { settingsEndpoints } from "./routes/settings";
import { streamEndpoints } from "./routes/streams";
import { subscriptionEndpoints } from "./routes/subscriptions";
import { userTopicEndpoints } from "./routes/user-topics";
import { registerThumbnails } from "./routes/thumbnail";
import { thumbnailer } from "./actions/upload-thumbnails";
import { uploadEndpoints, registerUploadFiles } from "./routes/uploads";
import { userEndpoints } from "./routes/users";

const ENDPOINTS: Endpoint[] = [
  ...serverEndpoints,
  ...devEndpoints,
  ...eventEndpoints,
  ...messageEndpoints,
  ...messageEditEndpoints,
  ...messageActionEndpoints,
  ...subscriptionEndpoints,
  ...userTopicEndpoints,
  ...streamEndpoints,
  ...realmEndpoints,
  ...userEndpoints,
  ...settingsEndpoints,
  ...uploadEndpoints,
];

const ROUTED_METHODS = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"] as const;

function queryOf(request: FastifyRequest): Map<string, string> {
  const index = request.url.indexOf("?");
  return index === -1 ? new Map<string, string>() : parseUrlEncoded(request.url.slice(index + 1));
}

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.status).headers(error.headers).send(error.toBody());
}

function isRoutedMethod(method: string): method is HttpMethod {
  return (
    method === "GET" ||
    method === "POST" ||
    method === "PATCH" ||
    method === "PUT" ||
    method === "DELETE"
  );
}

/** Zulip's `api_by_user` and `api_by_ip` limiters, each undefined when switched off. */
interface Limiters {
  byUser: RateLimiter | undefined;
  byIp: RateLimiter | undefined;
}

/** Counts one call against `limiter`; a refusal throws Zulip's 429, an allowance adds headers. */
function countCall(call: ApiCall, limiter: RateLimiter | undefined, key: number | string): void {
  if (!limiter) return;
  const decision = limiter.hit(key);
  if (!decision.allowed) throw rateLimitHit(decision);
  call.reply.headers(rateLimitHeaders(decision));
}

/** Path segments are parameters too: no handler sees one with a NUL character. */
function rejectNulInPath(call: ApiCall): void {
  for (const [name, value] of Object.entries(call.path)) rejectNul(name, value);
}

/**
 * Calls the endpoint's handler for the request's method, with authentication where required.
 * Authenticated calls count against the user's rate limit, the others against their IP
 * address's (when configured), and carry the `X-RateLimit-*` headers, errors included, as in
 * Zulip.
 */
async function callHandler(
  ctx: AppContext,
  endpoint: Endpoint,
  method: HttpMethod,
  call: ApiCall,
  limiters: Limiters,
): Promise<Record<string, unknown> | undefined> {
  if (endpoint.auth === "none") {
    const handler = endpoint.methods[method];
    if (!handler) return undefined;
    countCall(call, limiters.byIp, call.request.ip);
    rejectNulInPath(call);
    return handler(call);
  }
  const handler = endpoint.methods[method];
  if (!handler) return undefined;
  const user = await authenticateBasic(ctx.db, call.request.headers.authorization);
  countCall(call, limiters.byUser, user.id);
  rejectNulInPath(call);
  return handler({ ...call, user });
}

async function dispatch(
  ctx: AppContext,
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  limiters: Limiters,
) {
  const allowed = Object.keys(endpoint.methods);
  if (request.method === "OPTIONS") {
    return reply.status(204).header("Allow", allowed.join(", ")).send();
  }
  const method = request.method === "HEAD" ? "GET" : request.method;
  const body = bodyOf(request);
  const params = new Params(body.fields, queryOf(request));
  // Fastify's path parameters are strings.
  const path = pathParameters(endpoint, request.params as Record<string, string>);
  const payload = isRoutedMethod(method)
    ? await callHandler(
        ctx,
        endpoint,
        method,
        { ctx, request, reply, params, body, path },
        limiters,
      )
    : undefined;
  if (!payload) {
    // Zulip's 405 carries no code.
    return reply
      .status(405)
      .send({ result: "error", msg: "Method Not Allowed", allowed_methods: allowed });
  }
  const ignored = params.ignored();
  return reply.send({
    result: "success",
    msg: "",
    ...payload,
    ...(ignored.length > 0 ? { ignored_parameters_unsupported: ignored } : {}),
  });
}

/**
 * Merges endpoints declared for the same path in different route files (e.g. `messages/:id`
 * GET and PATCH in one, DELETE in another). A method declared twice is a programming error.
 */
function mergeEndpoints(endpoints: readonly Endpoint[]): Endpoint[] {
  const byPath = new Map<string, Endpoint>();
  for (const endpoint of endpoints) {
    const existing = byPath.get(endpoint.path);
    if (!existing) {
      byPath.set(endpoint.path, endpoint);
      continue;
    }
    if (existing.auth !== endpoint.auth) throw new Error(`${endpoint.path}: mixed authentication`);
    for (const method of Object.keys(endpoint.methods)) {
      if (Object.hasOwn(existing.methods, method))
        throw new Error(`${endpoint.path}: ${method} twice`);
    }
    // Same `auth` on both sides, so the handler maps have the same type.
    byPath.set(endpoint.path, {
      ...existing,
      methods: { ...existing.methods, ...endpoint.methods },
    } as Endpoint);
  }
  return [...byPath.values()];
}

function registerApi(app: FastifyInstance, ctx: AppContext): void {
  const { rateLimitPerMinute: perUser, rateLimitByIpPerMinute: perIp } = ctx.config;
  const limiters: Limiters = {
    byUser: perUser === undefined ? undefined : new RateLimiter(ctx.clock, perUser),
    byIp: perIp === undefined ? undefined : new RateLimiter(ctx.clock, perIp),
  };
  for (const endpoint of mergeEndpoints(ENDPOINTS)) {
    app.route({
      method: [...ROUTED_METHODS],
      url: `/api/v1/${routePath(endpoint)}`,
      handler: (request, reply) => dispatch(ctx, endpoint, request, reply, limiters),
    });
  }
  app.get<{ Params: { userId: string } }>("/avatar/:userId", async (request, reply) => {
    const id = Number(request.params.userId);
    const user = Number.isSafeInteger(id) ? await findUserById(ctx.db, id) : undefined;
    return reply
      .header("Content-Type", "image/svg+xml")
      .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
      .header("Cache-Control", "public, max-age=3600")
      .send(avatarSvg(id, user?.full_name ?? "?"));
  });
}

function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const status =
      typeof error === "object" && error !== null && "statusCode" in error
        ? Number(error.statusCode)
        : 500;
    if (status >= 400 && status < 500) {
      const msg = error instanceof Error ? error.message : "Bad request";
      return reply.status(status).send({ result: "error", msg, code: "BAD_REQUEST" });
    }
    // Always reported, with or without request logging: a 500 is a bug of ours.
    console.error(`500 on ${request.method} ${request.url.split("?")[0] ?? ""}:`, error);
    return reply
      .status(500)
      .send({ result: "error", msg: "Internal server error", code: "BAD_REQUEST" });
  });
}

/**
 * The service worker and the Workbox runtime it imports (`sw.js`, `workbox-<hash>.js`, and their
 * compressed copies): always revalidated, so a browser sees a new build's worker at its next
 * update check, whatever its HTTP cache holds (the worker decides what the app's files are).
 */
const SERVICE_WORKER_FILE = /^(?:sw|workbox-[\w-]+)\.js(?:\.br|\.gz)?$/;

/**
 * Serves the built client at `/` (and index.html for client-side routes); unknown `/api/` paths
 * get Zulip's 404. Also used by the `--upstream` server, where `/api/` never reaches Fastify.
 */
export function registerClient(app: FastifyInstance, clientDir: string | undefined): void {
  const shell = clientDir === undefined ? undefined : new AppShell(clientDir);
  const page = shell?.loaded === true ? shell : undefined;
  if (clientDir !== undefined && page !== undefined) {
    // `wildcard` serves whatever the folder holds now, so a rebuild needs no restart;
    // `preCompressed` sends the build's .br/.gz copies to browsers that accept them.
    void app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: ["index.html"],
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (SERVICE_WORKER_FILE.test(basename(path)))
          void reply.header("Cache-Control", "no-cache");
      },
    });
    // The page, from memory: no file opened per visit (app-shell.ts).
    app.get("/", (request, reply) => page.send(request, reply));
    app.get("/index.html", (request, reply) => page.send(request, reply));
  }
  app.addHook("onClose", (_app, done) => {
    shell?.close();
    done();
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || page === undefined || request.method !== "GET") {
      return reply.status(404).send({ result: "error", msg: "Not Found", code: "BAD_REQUEST" });
    }
    // Client-side routes (the narrow lives in the hash, but deep links may carry a path).
    return page.send(request, reply);
  });
}

/** Builds the server: the Zulip API under `/api/v1`, avatars, and the built client at `/`. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.logRequests,
    bodyLimit: 8 * 1024 * 1024,
    // Long path parameters (emoji names, emails) get our 400s instead of Fastify's raw 414.
    routerOptions: { maxParamLength: 1000 },
    // Long polls stay open up to ~55 s; keep the socket alive past the client's 90 s timeout.
    keepAliveTimeout: 120_000,
    requestTimeout: 0,
  });
  registerBodyParsers(app);
  registerSecurityHeaders(app, "local");
  registerErrorHandling(app);
  registerApi(app, ctx);
  registerEmojiFiles(app, ctx);
  registerUnicodeEmojiFiles(app);
  registerUploadFiles(app, ctx);
  registerThumbnails(app, ctx, undefined, thumbnailer(ctx));
  registerClient(app, ctx.config.clientDir);
  await app.ready();
  return app;
}

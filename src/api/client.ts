import type { z } from "zod";
import { errorResponseSchema } from "../../common/wire/common";
import {
  ENDPOINTS,
  type EndpointMethod,
  type EndpointPath,
  type EndpointResponse,
  type HttpMethod,
} from "../../common/wire/endpoints";
import { fillPath, type PathOption, type PathValue } from "./endpoint-path";
import {
  ApiError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
} from "./errors";

/** An API key and the email it belongs to, sent as HTTP Basic auth. */
export interface ApiAuth {
  readonly email: string;
  readonly apiKey: string;
}

/** Options of `createApiClient`; all optional. */
export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the server; "" means the page's own origin. */
  baseUrl?: string | undefined;
  auth?: ApiAuth | undefined;
  fetch?: typeof fetch | undefined;
}

/** Parameter values; strings go raw, `undefined` is omitted, everything else is JSON-encoded. */
type ParamValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly unknown[]
  | { readonly [key: string]: unknown };
/** A request's parameters by name. */
export type Params = Readonly<Record<string, ParamValue>>;

/** Per-request options of `ApiClient.call` besides the path's parameters. */
interface TransportOptions {
  params?: Params | undefined;
  /** The caller's cancellation; an abort rejects with the signal's reason, not an ApiRequestError. */
  signal?: AbortSignal | undefined;
  /** Defaults to `DEFAULT_TIMEOUT_MS`; covers the whole exchange including the body. */
  timeoutMs?: number | undefined;
  /** Lets the request outlive the page (used for `DELETE /events` on pagehide). */
  keepalive?: boolean | undefined;
  /**
   * Files to upload: the body becomes `multipart/form-data` holding the params and these, each
   * under its field name. Only for the methods with a body (POST, PATCH, PUT).
   */
  files?: Readonly<Record<string, Blob>> | undefined;
}

/** Per-request options of `ApiClient.call` for `path`. */
type RequestOptions<P extends EndpointPath> = TransportOptions & PathOption<P>;

/** What every binding accepts besides its parameters. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** Call options of a binding whose request may run long (uploads, long polls). */
export interface LongCallOptions extends CallOptions {
  timeoutMs?: number | undefined;
}

/** The single transport every binding goes through. */
export interface ApiClient {
  /** Whom the requests are authenticated as, if anyone. */
  readonly auth: ApiAuth | undefined;
  /** Origin (and path prefix) of the server without a trailing slash; "" for the page's own. */
  readonly baseUrl: string;
  /**
   * Calls `method` `path` of the endpoint table (common/wire/endpoints.ts), a template such as
   * `messages/{message_id}` whose parameters `options.path` fills in, and parses the success
   * body with that endpoint's schema: a path or method the table lacks does not compile, and the
   * result is the type the table gives. A mismatching body rejects with `MalformedResponseError`.
   */
  call<P extends EndpointPath, M extends EndpointMethod<P>>(
    method: M,
    path: P,
    options: RequestOptions<P>,
  ): Promise<EndpointResponse<P, M>>;
}

/** Applied when a request does not set its own `timeoutMs`. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** Encodes one parameter the way Zulip's `REQ(json_validator=...)` expects. */
function encodeParamValue(value: Exclude<ParamValue, undefined>): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Zulip-style form/query encoding: see `encodeParamValue`; `undefined` values are left out. */
export function encodeParams(params: Params): URLSearchParams {
  const encoded = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) encoded.append(key, encodeParamValue(value));
  }
  return encoded;
}

/** Base64 of the UTF-8 bytes (plain `btoa` throws on anything outside Latin-1). */
export function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The `Authorization` header value for HTTP Basic auth. */
export function basicAuthHeader(auth: ApiAuth): string {
  return `Basic ${base64Utf8(`${auth.email}:${auth.apiKey}`)}`;
}

/**
 * Parses a `Retry-After` header or body field: seconds, possibly fractional (Zulip sends e.g.
 * `0.5`). Returns undefined when absent or not a non-negative number.
 */
export function parseRetryAfterMs(value: unknown): number | undefined {
  const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return seconds * 1000;
}

/** Creates the transport. Without `auth` it can only reach the unauthenticated endpoints. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const authorization = options.auth ? basicAuthHeader(options.auth) : undefined;

  function call<P extends EndpointPath, M extends EndpointMethod<P>>(
    method: M,
    path: P,
    options: RequestOptions<P>,
  ): Promise<EndpointResponse<P, M>>;
  async function call(
    method: HttpMethod,
    path: EndpointPath,
    requestOptions: TransportOptions & { path?: Readonly<Record<string, PathValue>> | undefined },
  ): Promise<unknown> {
    const methods: Readonly<Partial<Record<HttpMethod, z.ZodType>>> = ENDPOINTS[path];
    const schema = methods[method];
    // Only a caller past the types (a cast, plain JavaScript) gets here.
    if (schema === undefined) throw new TypeError(`${method} ${path} is not in ENDPOINTS`);
    const params = encodeParams(requestOptions.params ?? {});
    const isBodyMethod = method === "POST" || method === "PATCH" || method === "PUT";
    const query = !isBodyMethod && params.toString() !== "" ? `?${params.toString()}` : "";
    const url = `${baseUrl}/api/v1/${fillPath(path, requestOptions.path)}${query}`;

    const headers: Record<string, string> = { Accept: "application/json" };
    if (authorization !== undefined) headers["Authorization"] = authorization;
    // Basic auth only, never cookies: a 401 carrying `WWW-Authenticate: Basic` (a wrong or
    // revoked key, on Zulip and on Parley) makes the browser open its own login dialog, or hang
    // headless, for requests that include credentials; the Fetch standard only prompts when they do.
    const init: RequestInit = { method, headers, credentials: "omit" };
    if (isBodyMethod) init.body = requestBody(params, requestOptions.files, headers);
    if (requestOptions.keepalive === true) init.keepalive = true;

    const timeoutMs = requestOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return withTimeout(requestOptions.signal, timeoutMs, async (signal) => {
      init.signal = signal;
      const response = await doFetch(url, init).catch((error: unknown) => {
        throw new NetworkError(describe(error), { cause: error });
      });
      const text = await response.text().catch((error: unknown) => {
        throw new NetworkError(describe(error), { cause: error });
      });
      return classify(response, text, schema);
    });
  }

  return { auth: options.auth, baseUrl, call };
}

/**
 * A form body, or a multipart one when there are files. The multipart `Content-Type` is left to
 * `fetch`, which alone knows the boundary it will write.
 */
function requestBody(
  params: URLSearchParams,
  files: TransportOptions["files"],
  headers: Record<string, string>,
): string | FormData {
  if (files === undefined) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    return params.toString();
  }
  const form = new FormData();
  for (const [key, value] of params) form.append(key, value);
  for (const [field, file] of Object.entries(files)) form.append(field, file);
  return form;
}

/**
 * Runs `run` with a signal that aborts on the caller's signal or after `timeoutMs`, and tells
 * the two apart: a timeout rejects with `TimeoutError`, a caller abort with the caller's reason.
 */
async function withTimeout<T>(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  callerSignal?.throwIfAborted();
  const controller = new AbortController();
  const timeout = { hasFired: false };
  const timer = setTimeout(() => {
    timeout.hasFired = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => {
    controller.abort(callerSignal?.reason);
  };
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (callerSignal?.aborted === true) throw callerSignal.reason;
    if (timeout.hasFired) throw new TimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/**
 * The one place a response becomes a value or an error (also for the uploads' XMLHttpRequest,
 * which fetch cannot replace while it reports no upload progress).
 */
export function classify<S extends z.ZodType>(
  response: Response,
  text: string,
  schema: S,
): z.output<S> {
  const json = parseJson(text);
  if (!response.ok) throw toApiError(response, json);
  if (json === undefined) {
    throw new MalformedResponseError(response.status, "The response is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new MalformedResponseError(
      response.status,
      `The response does not match the expected shape: ${parsed.error.message}`,
      { cause: parsed.error },
    );
  }
  return parsed.data;
}

function toApiError(response: Response, json: unknown): ApiError {
  let msg = `HTTP ${response.status} ${response.statusText}`.trim();
  let code: string | undefined;
  let extra: Record<string, unknown> = {};
  const body = errorResponseSchema.safeParse(json);
  if (body.success) {
    const { result: _result, msg: bodyMsg, code: bodyCode, ...rest } = body.data;
    msg = bodyMsg;
    code = bodyCode;
    extra = rest;
  }
  if (response.status === 401) return new UnauthorizedError(401, code, msg, extra);
  if (response.status === 429) {
    const retryAfterMs =
      parseRetryAfterMs(response.headers.get("Retry-After")) ??
      parseRetryAfterMs(extra["retry-after"]);
    return new RateLimitedError(code, msg, extra, retryAfterMs);
  }
  return new ApiError(response.status, code, msg, extra);
}

function parseJson(text: string): unknown {
  try {
    // JSON.parse returns `any`; the value is treated as unknown until a schema accepts it.
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

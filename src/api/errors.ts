/**
 * The one error tree of the transport. Every failed request rejects with exactly one of these
 * (or, when the caller's own signal aborted it, with that signal's reason, untouched).
 */
abstract class ApiRequestError extends Error {
  override name = "ApiRequestError";
}

/** The server answered with an error status; `code` is Zulip's machine-readable code when present. */
export class ApiError extends ApiRequestError {
  override name = "ApiError";
  /** Body fields beyond `result`, `msg` and `code` (e.g. `queue_id` of BAD_EVENT_QUEUE_ID). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    readonly status: number,
    readonly code: string | undefined,
    msg: string,
    extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(msg);
    this.extra = extra;
  }

  /** Zulip's human-readable (translated) message; show it, never branch on it. */
  get msg(): string {
    return this.message;
  }
}

/** HTTP 401: the credentials are missing, wrong, or the account was deactivated. */
export class UnauthorizedError extends ApiError {
  override name = "UnauthorizedError";
}

/** HTTP 429: wait `retryAfterMs` (when the server said) before trying again. */
export class RateLimitedError extends ApiError {
  override name = "RateLimitedError";

  constructor(
    code: string | undefined,
    msg: string,
    extra: Readonly<Record<string, unknown>>,
    readonly retryAfterMs: number | undefined,
  ) {
    super(429, code, msg, extra);
  }
}

/** `fetch` itself rejected: offline, DNS, connection reset, CORS. */
export class NetworkError extends ApiRequestError {
  override name = "NetworkError";
}

/** The request's own timeout fired (not the caller's abort signal). */
export class TimeoutError extends ApiRequestError {
  override name = "TimeoutError";

  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
  }
}

/** A success status whose body was not JSON or did not match the expected schema. */
export class MalformedResponseError extends ApiRequestError {
  override name = "MalformedResponseError";

  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** True for a Zulip error with the given `code`. Branch on codes, never on `msg`. */
export function hasErrorCode(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

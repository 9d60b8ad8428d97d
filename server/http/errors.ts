import type { ErrorResponse } from "../../common/wire/common";

/**
 * The one error type of the server. Every failure a client can cause becomes one of these and is
 * sent as Zulip's envelope: `{result: "error", msg, code, ...extra}` with the Zulip status code.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    msg: string,
    options: {
      status?: number;
      code?: string;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(msg);
    this.status = options.status ?? 400;
    this.code = options.code ?? "BAD_REQUEST";
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** The JSON body Zulip sends for this error. `code: null` errors (e.g. 405) omit the code. */
  toBody(): ErrorResponse {
    return { result: "error", msg: this.message, code: this.code, ...this.extra };
  }
}

/** 400 `BAD_REQUEST` with a message: Zulip's `JsonableError`. */
export function badRequest(msg: string): ApiError {
  return new ApiError(msg);
}

export function missingArgument(name: string): ApiError {
  return new ApiError(`Missing '${name}' argument`, {
    code: "REQUEST_VARIABLE_MISSING",
    extra: { var_name: name },
  });
}

export function invalidArgument(name: string, badValue: string): ApiError {
  return new ApiError(`Bad value for '${name}': ${badValue}`, {
    code: "REQUEST_VARIABLE_INVALID",
    extra: { var_name: name, bad_value: badValue },
  });
}

export function unauthorized(msg: string): ApiError {
  return new ApiError(msg, {
    status: 401,
    code: "UNAUTHORIZED",
    headers: { "WWW-Authenticate": 'Basic realm="zulip"' },
  });
}

export function streamDoesNotExist(name: string): ApiError {
  return new ApiError(`Stream '${name}' does not exist`, {
    code: "STREAM_DOES_NOT_EXIST",
    extra: { stream: name },
  });
}

export function badEventQueueId(queueId: string): ApiError {
  return new ApiError(`Bad event queue ID: ${queueId}`, {
    code: "BAD_EVENT_QUEUE_ID",
    extra: { queue_id: queueId },
  });
}

import {
  ApiError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
} from "../../api/errors";

/**
 * What the login page says when a login fails: the server's own words when it answered (e.g.
 * "Your username or password is incorrect"), plain words for transport failures.
 */
export function loginErrorMessage(error: Error): string {
  if (error instanceof RateLimitedError) {
    const seconds =
      error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
    return seconds === undefined
      ? `${error.msg}. Please wait before trying again.`
      : `${error.msg}. Please try again in ${String(seconds)} s.`;
  }
  if (error instanceof ApiError) return error.msg;
  if (error instanceof NetworkError) return "Could not reach the server. Check your connection.";
  if (error instanceof TimeoutError) return "The server did not answer in time. Please try again.";
  if (error instanceof MalformedResponseError) {
    return "The server's answer was not understood. Is this a Zulip server?";
  }
  return error.message;
}

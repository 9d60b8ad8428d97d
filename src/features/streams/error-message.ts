import { ApiError, NetworkError, TimeoutError } from "../../api/errors";

/**
 * What to tell the user about a failed request: the server's own words when it answered (its
 * `msg` says which stream and why), otherwise what went wrong on the way.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  if (error instanceof NetworkError) return "The server could not be reached.";
  if (error instanceof TimeoutError) return "The server took too long to answer.";
  return error instanceof Error && error.message !== "" ? error.message : "Something went wrong.";
}

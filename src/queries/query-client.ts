import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, UnauthorizedError } from "../api/errors";

/** Retries transient failures only: a 4xx answer will not change by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  ) {
    return false;
  }
  return failureCount < 3;
}

/** The app's QueryClient; any query answered 401 ends the session through `onUnauthorized`. */
export function createQueryClient(onUnauthorized: (error: UnauthorizedError) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof UnauthorizedError) onUnauthorized(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

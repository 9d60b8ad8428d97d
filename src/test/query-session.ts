import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, beforeEach } from "vitest";
import { sessionStore } from "../stores/session-store";
import { setupApi } from "./api-client";
import * as eg from "./example-data";
import type { createFakeFetch } from "./fake-fetch";

/** What a hook test reads its session's parts through (fresh for every test). */
export interface QuerySession {
  readonly fake: ReturnType<typeof createFakeFetch>;
  readonly queryClient: QueryClient;
  /** `renderHook`'s wrapper: the test's query client provided. */
  readonly wrapper: (props: { children: ReactNode }) => ReactNode;
}

/**
 * Registers, in the calling test file, a fresh session per test: iago logged in over a fake
 * server, a query client that does not retry; logged out and unmounted after each test.
 */
export function querySessionPerTest(): QuerySession {
  let fake: ReturnType<typeof createFakeFetch> | undefined;
  let queryClient: QueryClient | undefined;
  beforeEach(() => {
    const api = setupApi();
    fake = api.fake;
    sessionStore.getState().login({ email: eg.iago.email, apiKey: "k", userId: eg.iago.user_id });
    sessionStore.setState({ client: api.client });
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    sessionStore.getState().logout();
  });
  const session: QuerySession = {
    get fake() {
      if (fake === undefined) throw new Error("querySessionPerTest: read inside a test");
      return fake;
    },
    get queryClient() {
      if (queryClient === undefined) throw new Error("querySessionPerTest: read inside a test");
      return queryClient;
    },
    wrapper: ({ children }) =>
      createElement(QueryClientProvider, { client: session.queryClient }, children),
  };
  return session;
}

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { conversationQueries } from "../../queries/conversation-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as eg from "../../test/example-data";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { useConversations } from "./use-conversations";

let fake: ReturnType<typeof createFakeFetch>;
let queryClient: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

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

describe("useConversations", () => {
  it("waits for the register snapshot instead of reading direct messages beside it", async () => {
    const { result } = renderHook(() => useConversations(), { wrapper });
    expect(result.current.isPending).toBe(true);
    // The snapshot lands (seeding the query), then the queue is registered, as on every load.
    act(() => {
      queryClient.setQueryData(conversationQueries.recent().queryKey, [
        { max_message_id: 7, user_ids: [12] },
      ]);
      sessionStore.getState().queueRegistered("queue-1");
    });
    await waitFor(() => {
      expect(result.current.conversations).toHaveLength(1);
    });
    expect(fake.requests).toEqual([]);
  });

  it("reads the newest direct messages once registered when the snapshot has none", async () => {
    fake.json(200, success(eg.messagesResponse([])));
    const { result } = renderHook(() => useConversations(), { wrapper });
    expect(fake.requests).toEqual([]);
    act(() => {
      sessionStore.getState().queueRegistered("queue-1");
    });
    await waitFor(() => {
      expect(result.current.isPending).toBe(false);
    });
    expect(fake.requests.map((request) => request.path)).toEqual(["/api/v1/messages"]);
  });
});

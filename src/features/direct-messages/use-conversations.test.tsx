// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { conversationQueries } from "../../queries/conversation-queries";
import { sessionStore } from "../../stores/session-store";
import * as eg from "../../test/example-data";
import { success } from "../../test/fake-fetch";
import { querySessionPerTest } from "../../test/query-session";
import { useConversations } from "./use-conversations";

const session = querySessionPerTest();

describe("useConversations", () => {
  it("waits for the register snapshot instead of reading direct messages beside it", async () => {
    const { result } = renderHook(() => useConversations(), { wrapper: session.wrapper });
    expect(result.current.isPending).toBe(true);
    // The snapshot lands (seeding the query), then the queue is registered, as on every load.
    act(() => {
      session.queryClient.setQueryData(conversationQueries.recent().queryKey, [
        { max_message_id: 7, user_ids: [12] },
      ]);
      sessionStore.getState().queueRegistered("queue-1");
    });
    await waitFor(() => {
      expect(result.current.conversations).toHaveLength(1);
    });
    expect(session.fake.requests).toEqual([]);
  });

  it("reads the newest direct messages once registered when the snapshot has none", async () => {
    session.fake.json(200, success(eg.messagesResponse([])));
    const { result } = renderHook(() => useConversations(), { wrapper: session.wrapper });
    expect(session.fake.requests).toEqual([]);
    act(() => {
      sessionStore.getState().queueRegistered("queue-1");
    });
    await waitFor(() => {
      expect(result.current.isPending).toBe(false);
    });
    expect(session.fake.requests.map((request) => request.path)).toEqual(["/api/v1/messages"]);
  });
});

import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "../../common/wire/message";
import { sessionStore } from "../stores/session-store";
import { setupApi } from "../test/api-client";
import * as eg from "../test/example-data";
import { success, type createFakeFetch } from "../test/fake-fetch";
import {
  conversationQueries,
  conversationsOfMessages,
  conversationUserIds,
  withDirectMessage,
} from "./conversation-queries";

const OWN = eg.iago.user_id;

function dm(id: number, senderId: number, participantIds: number[]): Message {
  return eg.streamMessage({
    id,
    type: "private",
    subject: "",
    stream_id: undefined,
    sender_id: senderId,
    display_recipient: participantIds.map((userId) => ({
      id: userId,
      email: `user${userId}@parley.test`,
      full_name: `User ${userId}`,
    })),
  });
}

describe("withDirectMessage", () => {
  const start = [
    { max_message_id: 50, user_ids: [11] },
    { max_message_id: 40, user_ids: [11, 12] },
  ];

  it("moves a conversation to the top with its new message", () => {
    expect(withDirectMessage(start, dm(60, 12, [OWN, 11, 12]), OWN)).toEqual([
      { max_message_id: 60, user_ids: [11, 12] },
      { max_message_id: 50, user_ids: [11] },
    ]);
  });

  it("adds a new conversation, and the one with oneself as []", () => {
    const next = withDirectMessage(start, dm(70, OWN, [OWN]), OWN);
    expect(next[0]).toEqual({ max_message_id: 70, user_ids: [] });
    expect(conversationUserIds(next[0]!, OWN)).toEqual([OWN]);
  });

  it("ignores older messages and stream messages", () => {
    expect(withDirectMessage(start, dm(45, 11, [OWN, 11]), OWN)).toEqual(start);
    expect(withDirectMessage(start, eg.streamMessage({ id: 99 }), OWN)).toEqual(start);
  });

  it("builds the list from a window of messages, oldest first or not", () => {
    const messages = [dm(3, 11, [OWN, 11]), dm(1, OWN, [OWN, 12]), dm(2, 12, [OWN, 12])];
    expect(conversationsOfMessages(messages, OWN)).toEqual([
      { max_message_id: 3, user_ids: [11] },
      { max_message_id: 2, user_ids: [12] },
    ]);
  });
});

describe("conversationQueries.recent", () => {
  let fake: ReturnType<typeof createFakeFetch>;
  beforeEach(() => {
    const api = setupApi();
    fake = api.fake;
    sessionStore.getState().login({ email: eg.iago.email, apiKey: "k", userId: OWN });
    sessionStore.setState({ client: api.client });
  });
  afterEach(() => {
    sessionStore.getState().logout();
  });

  it("without a register snapshot, reads the newest direct messages", async () => {
    fake.json(200, success(eg.messagesResponse([dm(5, 11, [OWN, 11]), dm(8, 12, [OWN, 12])])));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const conversations = await queryClient.query(conversationQueries.recent());
    expect(conversations).toEqual([
      { max_message_id: 8, user_ids: [12] },
      { max_message_id: 5, user_ids: [11] },
    ]);
    expect(fake.lastRequest.path).toBe("/api/v1/messages");
    expect(JSON.parse(fake.lastRequest.query["narrow"] ?? "null")).toEqual([
      { operator: "is", operand: "dm" },
    ]);
    expect(fake.lastRequest.query["anchor"]).toBe("newest");
  });
});

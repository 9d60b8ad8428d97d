import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../api/client";
import type { UnreadMessages } from "../../common/wire/register";
import * as eg from "../test/example-data";
import { createControlledClient } from "../test/store-fetch";
import { OWN_ID } from "../test/store-messages";
import {
  markAllAsRead,
  markMessagesAsRead,
  markStreamAsRead,
  markTopicAsRead,
  type MarkReadApi,
} from "./mark-read";
import {
  createUnreadStore,
  isUnread,
  streamUnread,
  topicUnread,
  totalUnread,
} from "../stores/unread-store";

const snapshot: UnreadMessages = {
  count: 5,
  streams: [
    { stream_id: 12, topic: "lunch", unread_message_ids: [1, 2] },
    { stream_id: 12, topic: "dinner", unread_message_ids: [3] },
    { stream_id: 13, topic: "news", unread_message_ids: [4] },
  ],
  pms: [{ other_user_id: 11, unread_message_ids: [5] }],
  huddles: [],
  mentions: [],
  old_unreads_missing: false,
};

/** A request the test settles by hand. */
function deferred() {
  let resolve: (value: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const store = createUnreadStore({ lookupMessage: () => undefined });
  store.getState().snapshotLoaded(snapshot, OWN_ID);
  const request = deferred();
  const markTopic = vi.fn(() => request.promise);
  const api: MarkReadApi = {
    markAllAsRead: () => request.promise.then(() => ({ complete: true })),
    markStreamAsRead: () => request.promise,
    markTopicAsRead: markTopic,
    updateMessageFlags: () => request.promise,
  };
  const client = createApiClient({});
  return { store, markTopic, request, client, options: { api, store } };
}

describe("mark as read", () => {
  it("marks a topic read at once and keeps it read when the server agrees", async () => {
    const { store, markTopic, request, client, options } = setup();
    const done = markTopicAsRead(client, 12, "Lunch", options);
    expect(topicUnread(store.getState(), 12, "lunch")).toBe(0);
    expect(streamUnread(store.getState(), 12)).toBe(1);
    expect(markTopic).toHaveBeenCalledWith(client, {
      stream_id: 12,
      topic_name: "Lunch",
    });
    request.resolve({});
    await done;
    expect(totalUnread(store.getState())).toBe(3);
  });

  it("puts back exactly what it took out when the request fails, then rejects", async () => {
    const { store, request, client, options } = setup();
    const done = markStreamAsRead(client, 12, options);
    expect(totalUnread(store.getState())).toBe(2);
    // Meanwhile a new message arrives in the stream; it was never taken out.
    store.getState().messagesReceived([{ message: eg.streamMessage({ id: 9 }), flags: [] }]);
    request.reject(new Error("offline"));
    await expect(done).rejects.toThrow("offline");
    expect(streamUnread(store.getState(), 12)).toBe(4);
    expect(topicUnread(store.getState(), 12, "lunch")).toBe(3);
    expect(totalUnread(store.getState())).toBe(6);
  });

  it("on failure leaves read an id the server confirmed read meanwhile", async () => {
    const { store, request, client, options } = setup();
    const done = markAllAsRead(client, options);
    expect(totalUnread(store.getState())).toBe(0);
    // Another tab marked 2 read: the server says so by event before our request fails.
    store.getState().flagsChanged({ op: "add", flag: "read", messages: [2] });
    store.getState().messagesDeleted([4]);
    request.reject(new Error("Server error"));
    await expect(done).rejects.toThrow("Server error");
    expect(isUnread(store.getState(), 2)).toBe(false);
    expect(isUnread(store.getState(), 4)).toBe(false);
    expect([1, 3, 5].map((id) => isUnread(store.getState(), id))).toEqual([true, true, true]);
    expect(totalUnread(store.getState())).toBe(3);
  });

  it("keeps a pending mark-as-read applied over a new snapshot", async () => {
    const { store, request, client, options } = setup();
    const done = markTopicAsRead(client, 12, "lunch", options);
    store.getState().snapshotLoaded(snapshot, OWN_ID);
    expect(topicUnread(store.getState(), 12, "lunch")).toBe(0);
    request.reject(new Error("no"));
    await expect(done).rejects.toThrow("no");
    expect(topicUnread(store.getState(), 12, "lunch")).toBe(2);
  });

  it("repeats mark-all while the server says it is not complete", async () => {
    const { store, client } = setup();
    const answers = [{ complete: false }, { complete: true }];
    const markAll = vi.fn(() => Promise.resolve(answers.shift() ?? {}));
    const api: MarkReadApi = {
      markAllAsRead: markAll,
      markStreamAsRead: vi.fn(),
      markTopicAsRead: vi.fn(),
      updateMessageFlags: vi.fn(),
    };
    await markAllAsRead(client, { api, store });
    expect(markAll).toHaveBeenCalledTimes(2);
    expect(totalUnread(store.getState())).toBe(0);
  });

  it("sends message ids in batches of 1000 and rolls back the failed and unsent ones", async () => {
    const store = createUnreadStore({ lookupMessage: () => undefined });
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    store.getState().snapshotLoaded(
      {
        ...snapshot,
        streams: [{ stream_id: 12, topic: "lunch", unread_message_ids: ids }],
        pms: [],
      },
      OWN_ID,
    );
    const sent: number[][] = [];
    const api: MarkReadApi = {
      markAllAsRead: vi.fn(),
      markStreamAsRead: vi.fn(),
      markTopicAsRead: vi.fn(),
      updateMessageFlags: vi.fn((_client, params: { messages: readonly number[] }) => {
        sent.push([...params.messages]);
        return sent.length === 2 ? Promise.reject(new Error("boom")) : Promise.resolve({});
      }),
    };
    const done = markMessagesAsRead(createApiClient({}), ids, { api, store });
    expect(totalUnread(store.getState())).toBe(0);
    await expect(done).rejects.toThrow("boom");
    expect(sent.map((batch) => batch.length)).toEqual([1000, 1000]);
    expect(totalUnread(store.getState())).toBe(1500);
    expect(isUnread(store.getState(), 1000)).toBe(false);
    expect(isUnread(store.getState(), 1001)).toBe(true);
    expect(isUnread(store.getState(), 2500)).toBe(true);
  });

  it("uses the real endpoints by default", async () => {
    const server = createControlledClient();
    const store = createUnreadStore({ lookupMessage: () => undefined });
    store.getState().snapshotLoaded(snapshot, OWN_ID);
    const done = markMessagesAsRead(server.client, [1, 2], { store });
    expect(server.nextRequest).toMatchObject({
      method: "POST",
      path: "/api/v1/messages/flags",
      body: { messages: "[1,2]", op: "add", flag: "read" },
    });
    await server.answer({ result: "success", msg: "", messages: [1, 2] });
    await done;
    expect(totalUnread(store.getState())).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import { success } from "../test/fake-fetch";
import {
  markAllAsRead,
  markStreamAsRead,
  markTopicAsRead,
  updateMessageFlags,
} from "./message-flags";

describe("updateMessageFlags", () => {
  it("POSTs a JSON id list, op and flag, and returns the changed ids", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ messages: [1000] }));
    const result = await updateMessageFlags(client, {
      messages: [1000, 1001],
      op: "add",
      flag: "read",
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/flags");
    expect(fake.lastRequest.body).toEqual({ messages: "[1000,1001]", op: "add", flag: "read" });
    expect(result.messages).toEqual([1000]);
  });
});

describe("bulk mark as read", () => {
  it("markAllAsRead POSTs nothing and reads `complete`", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ complete: true }));
    fake.json(200, success({}));
    const first = await markAllAsRead(client);
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/mark_all_as_read");
    expect(fake.lastRequest.body).toEqual({});
    expect(first.complete).toBe(true);
    // Before Zulip 9 there was no `complete`.
    expect((await markAllAsRead(client)).complete).toBeUndefined();
  });

  it("markStreamAsRead POSTs the stream id", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await markStreamAsRead(client, { stream_id: 12 });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/mark_stream_as_read");
    expect(fake.lastRequest.body).toEqual({ stream_id: "12" });
  });

  it("markTopicAsRead POSTs the stream id and the raw topic name", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await markTopicAsRead(client, { stream_id: 12, topic_name: 'lunch "today"' });
    expect(fake.lastRequest.path).toBe("/api/v1/mark_topic_as_read");
    expect(fake.lastRequest.body).toEqual({ stream_id: "12", topic_name: 'lunch "today"' });
  });
});

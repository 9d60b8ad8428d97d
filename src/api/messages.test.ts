import { describe, expect, it } from "vitest";
import * as wire from "../test/api-fixtures";
import * as eg from "../test/example-data";
import { createFakeFetch, success } from "../test/fake-fetch";
import { createApiClient } from "./client";
import {
  deleteMessage,
  getMessage,
  getMessageHistory,
  getMessages,
  sendMessage,
  updateMessage,
} from "./messages";

function setup() {
  const fake = createFakeFetch();
  return {
    fake,
    client: createApiClient({
      auth: { email: "iago@parley.test", apiKey: "k" },
      fetch: fake.fetch,
    }),
  };
}

describe("getMessages", () => {
  it("GETs messages with a raw anchor and a JSON narrow, and parses the window", async () => {
    const { fake, client } = setup();
    const message = eg.streamMessage();
    fake.json(200, eg.messagesResponse([message]));
    const result = await getMessages(client, {
      anchor: "newest",
      num_before: 100,
      num_after: 0,
      narrow: [
        { operator: "stream", operand: "general" },
        { operator: "topic", operand: "lunch" },
      ],
      apply_markdown: true,
    });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/messages");
    expect(fake.lastRequest.query).toEqual({
      anchor: "newest",
      num_before: "100",
      num_after: "0",
      narrow: '[{"operator":"stream","operand":"general"},{"operator":"topic","operand":"lunch"}]',
      apply_markdown: "true",
    });
    expect(result.messages).toEqual([message]);
    expect(result.found_newest).toBe(true);
  });

  it("sends a numeric anchor as a bare integer", async () => {
    const { fake, client } = setup();
    fake.json(200, eg.messagesResponse([]));
    await getMessages(client, { anchor: 1234, num_before: 0, num_after: 50 });
    expect(fake.lastRequest.query["anchor"]).toBe("1234");
  });
});

describe("sendMessage", () => {
  it("POSTs the message as a form and returns the new id", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ id: 4321 }));
    const result = await sendMessage(client, {
      type: "stream",
      to: "general",
      topic: "lunch",
      content: "Pizza?",
      queue_id: "q1",
      local_id: "local-1",
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/messages");
    expect(fake.lastRequest.body).toEqual({
      type: "stream",
      to: "general",
      topic: "lunch",
      content: "Pizza?",
      queue_id: "q1",
      local_id: "local-1",
    });
    expect(result.id).toBe(4321);
  });
});

describe("getMessage", () => {
  it("GETs messages/{id} and parses the message with its Markdown", async () => {
    const { fake, client } = setup();
    const message = eg.streamMessage({ id: 1000, flags: ["read", "starred"] });
    fake.json(200, success({ message, raw_content: "Pizza?" }));
    const result = await getMessage(client, { message_id: 1000, apply_markdown: false });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/1000");
    expect(fake.lastRequest.query).toEqual({ apply_markdown: "false" });
    expect(result.message).toEqual(message);
    expect(result.raw_content).toBe("Pizza?");
  });
});

describe("updateMessage", () => {
  it("PATCHes content and a move as a form, leaving the id in the path", async () => {
    const { fake, client } = setup();
    fake.json(200, success({}));
    await updateMessage(client, {
      message_id: 1000,
      content: "Pasta?",
      topic: "dinner",
      stream_id: 13,
      propagate_mode: "change_later",
      send_notification_to_old_thread: false,
    });
    expect(fake.lastRequest.method).toBe("PATCH");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/1000");
    expect(fake.lastRequest.url.search).toBe("");
    expect(fake.lastRequest.body).toEqual({
      content: "Pasta?",
      topic: "dinner",
      stream_id: "13",
      propagate_mode: "change_later",
      send_notification_to_old_thread: "false",
    });
  });
});

describe("deleteMessage", () => {
  it("DELETEs messages/{id}", async () => {
    const { fake, client } = setup();
    fake.json(200, success({}));
    await deleteMessage(client, { message_id: 1000 });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/1000");
    expect(fake.lastRequest.query).toEqual({});
  });
});

describe("getMessageHistory", () => {
  it("GETs messages/{id}/history and parses the snapshots, oldest first", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ message_history: wire.messageHistory() }));
    const result = await getMessageHistory(client, { message_id: 1000 });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/1000/history");
    expect(result.message_history).toEqual(wire.messageHistory());
    expect(result.message_history[1]?.prev_topic).toBe("lunch");
  });
});

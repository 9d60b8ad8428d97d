import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { createFakeFetch, success } from "../test/fake-fetch";
import { createApiClient } from "./client";
import { getMessages, sendMessage } from "./messages";

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

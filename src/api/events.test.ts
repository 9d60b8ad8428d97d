import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { createFakeFetch, success } from "../test/fake-fetch";
import { createApiClient } from "./client";
import { deleteQueue, getEvents, registerQueue } from "./events";

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

describe("event queue bindings", () => {
  it("registerQueue POSTs JSON-encoded options and parses the snapshot", async () => {
    const { fake, client } = setup();
    fake.json(200, success(eg.registerResponse({ queue_id: "q7" })));
    const snapshot = await registerQueue(client, {
      apply_markdown: true,
      client_capabilities: { notification_settings_null: true },
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/register");
    expect(fake.lastRequest.body).toEqual({
      apply_markdown: "true",
      client_capabilities: '{"notification_settings_null":true}',
    });
    expect(snapshot.queue_id).toBe("q7");
    expect(snapshot.subscriptions).toHaveLength(1);
  });

  it("getEvents GETs with queue_id, last_event_id and dont_block", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ events: [{ id: 0, type: "heartbeat" }] }));
    const result = await getEvents(client, { queue_id: "q7", last_event_id: -1, dont_block: true });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/events");
    expect(fake.lastRequest.query).toEqual({
      queue_id: "q7",
      last_event_id: "-1",
      dont_block: "true",
    });
    expect(result.events).toEqual([{ id: 0, type: "heartbeat" }]);
  });

  it("deleteQueue sends DELETE with keepalive", async () => {
    const { fake, client } = setup();
    fake.json(200, success({}));
    await deleteQueue(client, { queue_id: "q7" });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/events");
    expect(fake.lastRequest.query).toEqual({ queue_id: "q7" });
    expect(fake.lastRequest.keepalive).toBe(true);
  });
});

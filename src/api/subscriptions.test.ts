import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import {
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionProperties,
  updateUserTopic,
} from "./subscriptions";

describe("getSubscriptions", () => {
  it("GETs users/me/subscriptions, with subscribers when asked", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ subscriptions: [wire.subscription()] }));
    const result = await getSubscriptions(client, { include_subscribers: true });
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/subscriptions");
    expect(fake.lastRequest.query).toEqual({ include_subscribers: "true" });
    expect(result.subscriptions).toEqual([wire.subscription()]);
  });
});

describe("subscribe", () => {
  it("POSTs JSON-encoded streams and principals", async () => {
    const { fake, client } = setupApi();
    fake.json(
      200,
      success({
        subscribed: { "hamlet@parley.test": ["design"] },
        already_subscribed: { "iago@parley.test": ["general"] },
        unauthorized: ["board"],
      }),
    );
    const result = await subscribe(client, {
      subscriptions: [{ name: "design", description: "Pixels" }, { name: "general" }],
      principals: ["hamlet@parley.test", "iago@parley.test"],
      authorization_errors_fatal: false,
      invite_only: false,
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/subscriptions");
    expect(fake.lastRequest.body).toEqual({
      subscriptions: '[{"name":"design","description":"Pixels"},{"name":"general"}]',
      principals: '["hamlet@parley.test","iago@parley.test"]',
      authorization_errors_fatal: "false",
      invite_only: "false",
    });
    expect(result.subscribed).toEqual({ "hamlet@parley.test": ["design"] });
    expect(result.unauthorized).toEqual(["board"]);
  });
});

describe("unsubscribe", () => {
  it("DELETEs with the stream names as a JSON list in the query string", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ removed: ["design"], not_removed: [], not_subscribed: [] }));
    const result = await unsubscribe(client, { subscriptions: ["design"] });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/subscriptions");
    expect(fake.lastRequest.query).toEqual({ subscriptions: '["design"]' });
    expect(result).toMatchObject({ removed: ["design"], not_removed: [] });
  });

  it("a stream that does not exist is an ApiError with the stream", async () => {
    const { fake, client } = setupApi();
    fake.json(400, {
      result: "error",
      msg: "Stream(s) (nowhere) do not exist",
      code: "STREAM_DOES_NOT_EXIST",
      stream: "nowhere",
    });
    await expect(unsubscribe(client, { subscriptions: ["nowhere"] })).rejects.toMatchObject({
      code: "STREAM_DOES_NOT_EXIST",
      extra: { stream: "nowhere" },
    });
  });
});

describe("updateSubscriptionProperties and updateUserTopic", () => {
  it("POST subscription_data as JSON, and a topic's policy", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await updateSubscriptionProperties(client, [
      { stream_id: 3, property: "color", value: "#112233" },
      { stream_id: 3, property: "desktop_notifications", value: null },
    ]);
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/subscriptions/properties");
    expect(fake.lastRequest.body).toEqual({
      subscription_data:
        '[{"stream_id":3,"property":"color","value":"#112233"},' +
        '{"stream_id":3,"property":"desktop_notifications","value":null}]',
    });
    fake.json(200, success({}));
    await updateUserTopic(client, { stream_id: 3, topic: "lunch", visibility_policy: 1 });
    expect(fake.lastRequest.path).toBe("/api/v1/user_topics");
    expect(fake.lastRequest.body).toEqual({
      stream_id: "3",
      topic: "lunch",
      visibility_policy: "1",
    });
  });
});

import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import { getStreams, getStreamTopics } from "./streams";

describe("getStreams", () => {
  it("GETs streams with the include flags as JSON booleans", async () => {
    const { fake, client } = setupApi();
    const design = wire.stream({ stream_id: 13, name: "design", invite_only: true });
    fake.json(200, success({ streams: [wire.stream(), design] }));
    const result = await getStreams(client, { include_public: false, include_subscribed: true });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/streams");
    expect(fake.lastRequest.query).toEqual({ include_public: "false", include_subscribed: "true" });
    expect(result.streams).toEqual([wire.stream(), design]);
  });
});

describe("getStreamTopics", () => {
  it("GETs users/me/{stream_id}/topics", async () => {
    const { fake, client } = setupApi();
    const topics = [wire.topic("lunch", 1001), wire.topic("Lunch plans", 990)];
    fake.json(200, success({ topics }));
    const result = await getStreamTopics(client, { stream_id: 12 });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/12/topics");
    expect(fake.lastRequest.query).toEqual({});
    expect(result.topics).toEqual(topics);
  });

  it("an invalid stream is a BAD_REQUEST ApiError", async () => {
    const { fake, client } = setupApi();
    fake.json(400, { result: "error", msg: "Invalid stream ID", code: "BAD_REQUEST" });
    await expect(getStreamTopics(client, { stream_id: 999 })).rejects.toMatchObject({
      status: 400,
      code: "BAD_REQUEST",
      msg: "Invalid stream ID",
    });
  });
});

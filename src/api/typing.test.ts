import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import { success } from "../test/fake-fetch";
import { setTypingStatus } from "./typing";

describe("setTypingStatus", () => {
  it("POSTs a direct notification with the recipients as a JSON id list", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await setTypingStatus(client, { op: "start", type: "direct", to: [11, 12] });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/typing");
    expect(fake.lastRequest.body).toEqual({ op: "start", type: "direct", to: "[11,12]" });
  });

  it("POSTs a stream notification with the stream id and the raw topic", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await setTypingStatus(client, { op: "stop", type: "stream", stream_id: 12, topic: "lunch" });
    expect(fake.lastRequest.body).toEqual({
      op: "stop",
      type: "stream",
      stream_id: "12",
      topic: "lunch",
    });
  });
});

import { describe, expect, it } from "vitest";
import { createApiClient } from "../api/client";
import { narrowKey, topicNarrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { createFakeFetch } from "../test/fake-fetch";
import { fetchNewestMessages } from "./message-fetch";
import { createMessageStore } from "./message-store";

const lunch = topicNarrow(12, "general", "lunch");

function setup() {
  const fake = createFakeFetch();
  const client = createApiClient({ auth: { email: "a@b", apiKey: "k" }, fetch: fake.fetch });
  return { fake, client, store: createMessageStore() };
}

describe("fetchNewestMessages", () => {
  it("asks for the newest 100 of the narrow and stores them", async () => {
    const { fake, client, store } = setup();
    fake.json(200, eg.messagesResponse([eg.streamMessage({ id: 5 })]));
    await fetchNewestMessages(client, lunch, store);
    expect(fake.lastRequest.query).toMatchObject({
      anchor: "newest",
      num_before: "100",
      num_after: "0",
      narrow: '[{"operator":"stream","operand":"general"},{"operator":"topic","operand":"lunch"}]',
    });
    expect(store.getState().narrows[narrowKey(lunch)]).toMatchObject({
      ids: [5],
      isLoading: false,
    });
  });

  it("records a failure on the narrow", async () => {
    const { fake, client, store } = setup();
    fake.json(400, { result: "error", msg: "Invalid narrow", code: "BAD_NARROW" });
    await fetchNewestMessages(client, lunch, store);
    expect(store.getState().narrows[narrowKey(lunch)]).toMatchObject({
      error: "Invalid narrow",
      isLoading: false,
    });
  });

  it("does not claim to be caught up when the queue was replaced during the fetch", async () => {
    const { fake, client, store } = setup();
    fake.json(200, eg.messagesResponse([eg.streamMessage({ id: 5 })]));
    const pending = fetchNewestMessages(client, lunch, store);
    store.getState().eventQueueReplaced();
    await pending;
    expect(store.getState().narrows[narrowKey(lunch)]).toMatchObject({
      ids: [5],
      found_newest: false,
    });
  });
});

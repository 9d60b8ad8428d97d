import zulipInit from "zulip-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorResponseSchema, successSchema } from "../common/wire/common";
import { messageEventSchema } from "../common/wire/events";
import { messageSchema } from "../common/wire/message";
import { registerResponseSchema } from "../common/wire/register";
import { ownProfileSchema } from "../common/wire/users";
import { startTestServer, type TestServer } from "./test/test-server";

// zulip-js is Zulip's own JavaScript client library, used here unchanged: its POSTs are
// multipart, its GETs and DELETEs put every parameter in the query string. Replies are parsed
// with the client's wire schemas, so this also checks the server against our shared contract.
let server: TestServer;
let realm: string;
beforeAll(async () => {
  server = await startTestServer({ heartbeatSeconds: 1 });
  realm = await server.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await server.close();
});

async function keyOf(email: string): Promise<string> {
  const response = await fetch(`${realm}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: email }),
  });
  return z.object({ api_key: z.string() }).parse(await response.json()).api_key;
}

const sendReply = successSchema({ id: z.number() });
const eventsReply = successSchema({ events: z.array(messageEventSchema) });
const messagesReply = successSchema({ messages: z.array(messageSchema) });

describe("zulip-js against Parley's server", () => {
  it("reads settings and profile, registers, sends, receives while parked, and fetches", async () => {
    const iago = await zulipInit({
      username: "iago@parley.test",
      apiKey: await keyOf("iago@parley.test"),
      realm,
    });
    const hamlet = await zulipInit({
      username: "hamlet@parley.test",
      apiKey: await keyOf("hamlet@parley.test"),
      realm,
    });

    const settings = successSchema({
      zulip_version: z.string(),
      zulip_feature_level: z.number(),
    }).parse(await iago.server.settings());
    expect(settings.zulip_feature_level).toBe(247);
    const me = ownProfileSchema.parse(await hamlet.users.me.getProfile());
    expect(me).toMatchObject({ email: "hamlet@parley.test", full_name: "King Hamlet" });

    const queue = registerResponseSchema.parse(
      await hamlet.queues.register({ event_types: ["message"] }),
    );

    // A long poll parked before the messages are sent.
    const parked = hamlet.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stream = sendReply.parse(
      await iago.messages.send({
        type: "stream",
        to: "general",
        subject: "zulip-js",
        content: "from the library",
      }),
    );
    const first = eventsReply.parse(await parked);
    expect(first.events.map((e) => e.message.id)).toEqual([stream.id]);

    const direct = sendReply.parse(
      await iago.messages.send({
        type: "private",
        to: "hamlet@parley.test",
        content: "a direct word",
      }),
    );
    const next = eventsReply.parse(
      await hamlet.events.retrieve({
        queue_id: queue.queue_id,
        last_event_id: first.events[0]?.id,
      }),
    );
    expect(next.events.map((e) => e.message)).toEqual([
      expect.objectContaining({ id: direct.id, type: "private", content: "a direct word" }),
    ]);

    const fetched = messagesReply.parse(
      await hamlet.messages.retrieve({
        anchor: "newest",
        num_before: 5,
        num_after: 0,
        narrow: [
          { operator: "stream", operand: "general" },
          { operator: "topic", operand: "zulip-js" },
        ],
      }),
    );
    expect(fetched.messages.map((m) => m.id)).toEqual([stream.id]);

    const bad = errorResponseSchema.parse(
      await hamlet.events.retrieve({ queue_id: "not-a-queue", last_event_id: -1 }),
    );
    expect(bad).toMatchObject({ code: "BAD_EVENT_QUEUE_ID", queue_id: "not-a-queue" });

    successSchema({}).parse(await hamlet.queues.deregister({ queue_id: queue.queue_id }));
  });

  it("marks everything read with a call that has no parameters (an empty multipart body)", async () => {
    const hamlet = await zulipInit({
      username: "hamlet@parley.test",
      apiKey: await keyOf("hamlet@parley.test"),
      realm,
    });
    const reply = await hamlet.callEndpoint("/mark_all_as_read", "POST", {});
    expect(successSchema({}).parse(reply)).toMatchObject({ result: "success" });
    const unread = messagesReply.parse(
      await hamlet.messages.retrieve({
        anchor: "newest",
        num_before: 100,
        num_after: 0,
        narrow: [{ operator: "is", operand: "unread" }],
      }),
    );
    expect(unread.messages).toEqual([]);
  });
});

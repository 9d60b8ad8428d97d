import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueOptions } from "../test/queue-options";
import { startTestServer, type TestServer } from "../test/test-server";

// The send path caches streams and their subscribers: a change of subscriptions must show at
// once, both in who receives a message and in who may post to a private stream.

let server: TestServer;
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};

const QUEUE = queueOptions();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ["iago", "hamlet", "othello"]) {
    auth[name] = await server.auth(`${name}@parley.test`);
    const me = await server.api("GET", "users/me", {}, auth[name]);
    ids[name] = me.body["user_id"] as number; // our server's profile
  }
});
afterAll(async () => {
  await server.close();
});

const send = (who: string, to: string, content: string) =>
  server.api("POST", "messages", { type: "stream", to, topic: "cache", content }, auth[who]);
const setSubscribed = async (who: string, stream: string, subscribed: boolean) => {
  const reply = subscribed
    ? await server.api(
        "POST",
        "users/me/subscriptions",
        { subscriptions: [{ name: stream }] },
        auth[who],
      )
    : await server.api("DELETE", "users/me/subscriptions", { subscriptions: [stream] }, auth[who]);
  expect(reply.status).toBe(200);
};

function messageIdsIn(events: readonly Record<string, unknown>[]): number[] {
  return events.flatMap((event) => {
    const message = event["message"];
    return event["type"] === "message" && typeof message === "object" && message !== null
      ? [(message as { id: number }).id] // our own message event
      : [];
  });
}

async function hasRow(userId: number, messageId: number): Promise<boolean> {
  const rows = await server.ctx.db.query(
    "SELECT 1 FROM user_messages WHERE user_id = $1 AND message_id = $2",
    [userId, messageId],
  );
  return rows.length > 0;
}

describe("the send path's stream cache", () => {
  it("stops delivering to a user who unsubscribed, and delivers again after they come back", async () => {
    const queue = server.ctx.queues.create(ids["othello"] ?? 0, QUEUE);
    const before = await send("iago", "general", "everyone hears this");
    const beforeId = before.body["id"] as number;
    await server.ctx.queues.settled(); // the events follow the answer
    expect(messageIdsIn(queue.pending())).toEqual([beforeId]);

    await setSubscribed("othello", "general", false);
    const during = await send("iago", "general", "othello is gone");
    const duringId = during.body["id"] as number;
    await server.ctx.queues.settled(); // the events follow the answer
    expect(messageIdsIn(queue.pending())).toEqual([beforeId]);
    expect(await hasRow(ids["othello"] ?? 0, duringId)).toBe(false);

    await setSubscribed("othello", "general", true);
    const after = await send("iago", "general", "welcome back");
    const afterId = after.body["id"] as number;
    await server.ctx.queues.settled(); // the events follow the answer
    expect(messageIdsIn(queue.pending())).toEqual([beforeId, afterId]);
    expect(await hasRow(ids["othello"] ?? 0, afterId)).toBe(true);
    server.ctx.queues.delete(queue.id, queue.userId);
  });

  it("refuses a post to a private stream the sender has just left", async () => {
    expect((await send("hamlet", "leadership", "still inside")).status).toBe(200);
    await setSubscribed("hamlet", "leadership", false);
    const refused = await send("hamlet", "leadership", "after leaving");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      msg: "Not authorized to send to stream 'leadership'",
    });
    const rows = await server.ctx.db.query("SELECT 1 FROM messages WHERE content = $1", [
      "after leaving",
    ]);
    expect(rows).toEqual([]);
    // Iago (still a subscriber, and an administrator) puts him back.
    const back = await server.api(
      "POST",
      "users/me/subscriptions",
      { subscriptions: [{ name: "leadership" }], principals: ["hamlet@parley.test"] },
      auth["iago"],
    );
    expect(back.status).toBe(200);
    expect((await send("hamlet", "leadership", "back inside")).status).toBe(200);
  });
});

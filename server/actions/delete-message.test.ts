import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStreamByName } from "../db/streams";
import { FakeClock } from "../test/fake-clock";
import {
  expectError,
  pollEvents,
  registerQueue,
  sendDirect,
  sendToStream,
} from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { applyUnreadEvent, normalizeUnread, userIdOf } from "../test/unread-msgs";
import { verifyAction } from "../test/verify-action";
import { MESSAGE_DELETE_LIMIT_SECONDS } from "./delete-message";

let server: TestServer;
const clock = new FakeClock();
let iago: string;
let hamlet: string;
let othello: string;
let cordelia: string;

beforeAll(async () => {
  server = await startTestServer({}, clock);
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
});
afterAll(async () => {
  await server.close();
});

const remove = (auth: string, id: number | string) =>
  server.api("DELETE", `messages/${id}`, {}, auth);

async function exists(id: number): Promise<boolean> {
  const rows = await server.ctx.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM messages WHERE id = $1)
          + (SELECT count(*) FROM user_messages WHERE message_id = $1)
          + (SELECT count(*) FROM reactions WHERE message_id = $1) AS n`,
    [id],
  );
  return Number(rows[0]?.n) > 0;
}

const BULK = { client_capabilities: { bulk_message_deletion: true } };

describe("DELETE /messages/{id}", () => {
  it("lets an administrator delete anyone's message, with its rows and reactions", async () => {
    const id = await sendToStream(server, hamlet, "engineering", "to delete");
    await server.api("POST", `messages/${id}/reactions`, { emoji_name: "tada" }, othello);
    const streamId = (await findStreamByName(server.ctx.db, "engineering"))?.id;
    const bulk = await registerQueue(server, othello, BULK);
    const legacy = await registerQueue(server, othello);
    const outsider = await registerQueue(server, cordelia);
    const watcher = await registerQueue(server, cordelia, { all_public_streams: true });

    const { body } = await remove(iago, id);
    expect(body).toEqual({ result: "success", msg: "" });
    expect(await exists(id)).toBe(false);
    const where = { message_type: "stream", stream_id: streamId, topic: "to delete" };
    expect(await pollEvents(server, othello, bulk)).toEqual([
      { id: 0, type: "delete_message", message_ids: [id], ...where },
    ]);
    expect(await pollEvents(server, othello, legacy)).toEqual([
      { id: 0, type: "delete_message", message_id: id, ...where },
    ]);
    expect(await pollEvents(server, cordelia, outsider)).toEqual([]);
    expect((await pollEvents(server, cordelia, watcher)).map((e) => e["message_id"])).toEqual([id]);
    expectError(await remove(iago, id), "Invalid message(s)");
  });

  it("removes the message from the unread state of its receivers (verify_action)", async () => {
    const direct = await sendDirect(server, iago, ["hamlet@parley.test"]);
    const hamletId = await userIdOf(server, "hamlet@parley.test");
    const events = await verifyAction(server, {
      email: "hamlet@parley.test",
      keys: ["unread_msgs"],
      register: BULK,
      action: async () => {
        expect((await remove(iago, direct)).status).toBe(200);
      },
      apply: (state, event) => {
        applyUnreadEvent(state, event, hamletId);
      },
      normalize: normalizeUnread,
      numEvents: 1,
    });
    expect(events[0]).toEqual({
      id: 0,
      type: "delete_message",
      message_ids: [direct],
      message_type: "private",
    });
  });

  it("lets senders delete their own messages within the time limit only", async () => {
    const own = await sendToStream(server, hamlet, "general", "oops");
    expect((await remove(hamlet, own)).status).toBe(200);
    expect(await exists(own)).toBe(false);

    const late = await sendToStream(server, hamlet, "general", "too late");
    clock.advance((MESSAGE_DELETE_LIMIT_SECONDS + 1) * 1000);
    expectError(await remove(hamlet, late), "The time limit for deleting this message has passed");
    expect(await exists(late)).toBe(true);
    expect((await remove(iago, late)).status).toBe(200);
  });

  it("refuses other people's messages, hidden ones and bad ids, deleting nothing", async () => {
    const others = await sendToStream(server, iago, "general", "not yours");
    const secret = await sendToStream(server, iago, "leadership", "hidden");
    const queue = await registerQueue(server, hamlet);
    expectError(await remove(hamlet, others), "You don't have permission to delete this message");
    // Someone who cannot see a message learns nothing more than that it is invalid.
    expectError(await remove(cordelia, secret), "Invalid message(s)");
    expectError(await remove(cordelia, 99_999_999), "Invalid message(s)");
    expectError(await remove(cordelia, "99999999999999999999"), "Invalid message(s)");
    const bad = await remove(cordelia, "abc");
    expectError(bad, "Bad value for 'message_id': abc", "REQUEST_VARIABLE_INVALID");
    expect(await exists(others)).toBe(true);
    expect(await exists(secret)).toBe(true);
    expect(await pollEvents(server, hamlet, queue)).toEqual([]);
  });

  it("refuses senders who have since lost access to the private stream", async () => {
    const own = await sendToStream(server, hamlet, "leadership", "before leaving");
    const hamletId = await userIdOf(server, "hamlet@parley.test");
    const leave = (active: boolean) =>
      server.ctx.db.query(
        `UPDATE subscriptions SET active = $1
          WHERE user_id = $2 AND stream_id = (SELECT id FROM streams WHERE name = 'leadership')`,
        [active, hamletId],
      );
    await leave(false);
    try {
      expectError(await remove(hamlet, own), "Invalid message(s)");
      expect(await exists(own)).toBe(true);
    } finally {
      await leave(true);
    }
  });
});

describe("first_message_id after a deletion", () => {
  const firstMessageId = async (name: string) =>
    (await findStreamByName(server.ctx.db, name))?.first_message_id;

  it("moves on to the oldest remaining message, telling the subscribers", async () => {
    const created = await server.api(
      "POST",
      "users/me/subscriptions",
      {
        subscriptions: [{ name: "fresh" }],
        principals: ["iago@parley.test", "hamlet@parley.test"],
      },
      iago,
    );
    expect(created.body["result"]).toBe("success");
    const first = await sendToStream(server, hamlet, "fresh", "t", "one");
    const second = await sendToStream(server, hamlet, "fresh", "t", "two");
    expect(await firstMessageId("fresh")).toBe(first);
    const streamId = (await findStreamByName(server.ctx.db, "fresh"))?.id;
    const hamletQueue = await registerQueue(server, hamlet, { event_types: ["stream"] });
    const cordeliaQueue = await registerQueue(server, cordelia, { event_types: ["stream"] });

    expect((await remove(iago, first)).status).toBe(200);
    expect(await firstMessageId("fresh")).toBe(second);
    expect(await pollEvents(server, hamlet, hamletQueue)).toMatchObject([
      {
        type: "stream",
        op: "update",
        property: "first_message_id",
        value: second,
        stream_id: streamId,
        name: "fresh",
      },
    ]);
    expect(await pollEvents(server, cordelia, cordeliaQueue)).toEqual([]);
    // A later message's deletion leaves it alone; the last one's leaves none.
    const third = await sendToStream(server, hamlet, "fresh", "t", "three");
    expect((await remove(iago, third)).status).toBe(200);
    expect(await firstMessageId("fresh")).toBe(second);
    expect((await remove(iago, second)).status).toBe(200);
    expect(await firstMessageId("fresh")).toBeNull();
    // The send path's cache heard of it: the next message is the first again.
    const fourth = await sendToStream(server, hamlet, "fresh", "t", "four");
    expect(await firstMessageId("fresh")).toBe(fourth);
  });
});

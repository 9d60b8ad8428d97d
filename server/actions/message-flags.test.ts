import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAG_BITS } from "../db/flags";
import { findStreamByName, upsertSubscription } from "../db/streams";
import {
  expectError,
  fetchMessage,
  pollEvents,
  registerQueue,
  sendDirect,
  sendToStream,
} from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { applyUnreadEvent, normalizeUnread, userIdOf } from "../test/unread-msgs";
import { verifyAction } from "../test/verify-action";

let server: TestServer;
let iago: string;
let hamlet: string;
let cordelia: string;
let polonius: string;
let hamletId: number;

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
  polonius = await server.auth("polonius@parley.test");
  hamletId = await userIdOf(server, "hamlet@parley.test");
});
afterAll(async () => {
  await server.close();
});

const flags = (auth: string, params: Record<string, string | number | boolean | object>) =>
  server.api("POST", "messages/flags", params, auth);

async function rowFlags(userEmail: string, messageId: number): Promise<number | undefined> {
  const userId = await userIdOf(server, userEmail);
  const rows = await server.ctx.db.query<{ flags: number }>(
    "SELECT flags FROM user_messages WHERE user_id = $1 AND message_id = $2",
    [userId, messageId],
  );
  return rows[0]?.flags;
}

describe("POST /messages/flags", () => {
  it("stars and unstars, answering with the ids that changed, events to the user only", async () => {
    const id = await sendToStream(server, iago, "general", "stars");
    const own = await registerQueue(server, hamlet);
    const messagesOnly = await registerQueue(server, hamlet, { event_types: ["message"] });
    const other = await registerQueue(server, iago);

    const added = await flags(hamlet, { messages: [id], op: "add", flag: "starred" });
    expect(added.body).toEqual({ result: "success", msg: "", messages: [id] });
    expect((await fetchMessage(server, hamlet, id))?.["flags"]).toContain("starred");
    const again = await flags(hamlet, { messages: [id], op: "add", flag: "starred" });
    expect(again.body["messages"]).toEqual([]);
    const removed = await flags(hamlet, { messages: [id], op: "remove", flag: "starred" });
    expect(removed.body["messages"]).toEqual([id]);

    expect(await pollEvents(server, hamlet, own)).toEqual([
      {
        id: 0,
        type: "update_message_flags",
        op: "add",
        operation: "add",
        flag: "starred",
        messages: [id],
        all: false,
      },
      {
        id: 1,
        type: "update_message_flags",
        op: "remove",
        operation: "remove",
        flag: "starred",
        messages: [id],
        all: false,
      },
    ]);
    expect(await pollEvents(server, hamlet, messagesOnly)).toEqual([]);
    expect(await pollEvents(server, iago, other)).toEqual([]);
  });

  it("collapses; accepts an empty list without an event", async () => {
    const id = await sendToStream(server, iago, "general", "collapse");
    const queue = await registerQueue(server, hamlet);
    const collapsed = await flags(hamlet, { messages: [id], op: "add", flag: "collapsed" });
    expect(collapsed.body["messages"]).toEqual([id]);
    const empty = await flags(hamlet, { messages: [], op: "add", flag: "read" });
    expect(empty.body).toMatchObject({ result: "success", messages: [] });
    expect((await pollEvents(server, hamlet, queue)).map((e) => e["flag"])).toEqual(["collapsed"]);
  });

  it("marks read: state before + events equals state after (verify_action)", async () => {
    const stream = await sendToStream(server, iago, "general", "verify read");
    const direct = await sendDirect(server, iago, ["hamlet@parley.test"]);
    const group = await sendDirect(server, iago, ["hamlet@parley.test", "othello@parley.test"]);
    const events = await verifyAction(server, {
      email: "hamlet@parley.test",
      keys: ["unread_msgs"],
      action: async () => {
        const { body } = await flags(hamlet, {
          messages: [group, stream, direct],
          op: "add",
          flag: "read",
        });
        expect(body["messages"]).toEqual([stream, direct, group]);
      },
      apply: (state, event) => {
        applyUnreadEvent(state, event, hamletId);
      },
      normalize: normalizeUnread,
      numEvents: 1,
    });
    expect(events[0]).toMatchObject({ op: "add", flag: "read", messages: [stream, direct, group] });
    expect(events[0]).not.toHaveProperty("message_details");
  });

  it("marks unread with message_details for each kind of conversation (verify_action)", async () => {
    const stream = await sendToStream(server, iago, "general", "verify unread");
    const direct = await sendDirect(server, iago, ["hamlet@parley.test"]);
    const group = await sendDirect(server, iago, ["hamlet@parley.test", "othello@parley.test"]);
    const self = await sendDirect(server, hamlet, ["hamlet@parley.test"]);
    const ids = [stream, direct, group, self];
    await flags(hamlet, { messages: ids, op: "add", flag: "read" });
    const iagoId = await userIdOf(server, "iago@parley.test");
    const othelloId = await userIdOf(server, "othello@parley.test");
    const streamId = (await findStreamByName(server.ctx.db, "general"))?.id;
    const events = await verifyAction(server, {
      email: "hamlet@parley.test",
      keys: ["unread_msgs"],
      action: async () => {
        const { body } = await flags(hamlet, { messages: ids, op: "remove", flag: "read" });
        expect(body["messages"]).toEqual(ids);
      },
      apply: (state, event) => {
        applyUnreadEvent(state, event, hamletId);
      },
      normalize: normalizeUnread,
      numEvents: 1,
    });
    expect(events[0]?.["message_details"]).toEqual({
      [stream]: { type: "stream", stream_id: streamId, topic: "verify unread" },
      [direct]: { type: "private", user_ids: [iagoId] },
      [group]: { type: "private", user_ids: [iagoId, othelloId].sort((a, b) => a - b) },
      [self]: { type: "private", user_ids: [] },
    });
  });

  it("gives readers of shared history a historical row when starring, not when reading", async () => {
    // Cordelia is not subscribed to the public stream `engineering`.
    const id = await sendToStream(server, iago, "engineering", "history");
    const narrow = [{ operator: "stream", operand: "engineering" }];
    expect((await fetchMessage(server, cordelia, id, narrow))?.["flags"]).toEqual([
      "read",
      "historical",
    ]);
    const read = await flags(cordelia, { messages: [id], op: "add", flag: "read" });
    expect(read.body["messages"]).toEqual([]);
    expect(await rowFlags("cordelia@parley.test", id)).toBeUndefined();
    // Marking unread skips streams the user is not subscribed to, as Zulip does.
    const unread = await flags(cordelia, { messages: [id], op: "remove", flag: "read" });
    expect(unread.body["messages"]).toEqual([]);
    expect(await rowFlags("cordelia@parley.test", id)).toBeUndefined();

    const starred = await flags(cordelia, { messages: [id], op: "add", flag: "starred" });
    expect(starred.body["messages"]).toEqual([id]);
    expect(await rowFlags("cordelia@parley.test", id)).toBe(
      FLAG_BITS.read | FLAG_BITS.historical | FLAG_BITS.starred,
    );
    expect((await fetchMessage(server, cordelia, id, narrow))?.["flags"]).toEqual([
      "read",
      "starred",
      "historical",
    ]);
  });

  it("marks unread a message sent before the user subscribed (historical row, verify_action)", async () => {
    const id = await sendToStream(server, iago, "random", "before joining");
    const stream = await findStreamByName(server.ctx.db, "random");
    const prosperoId = await userIdOf(server, "prospero@parley.test");
    await upsertSubscription(server.ctx.db, prosperoId, stream?.id ?? -1, "#76ce90");
    const prospero = await server.auth("prospero@parley.test");
    await verifyAction(server, {
      email: "prospero@parley.test",
      keys: ["unread_msgs"],
      action: async () => {
        const { body } = await flags(prospero, { messages: [id], op: "remove", flag: "read" });
        expect(body["messages"]).toEqual([id]);
      },
      apply: (state, event) => {
        applyUnreadEvent(state, event, prosperoId);
      },
      normalize: normalizeUnread,
      numEvents: 1,
    });
    expect(await rowFlags("prospero@parley.test", id)).toBe(FLAG_BITS.historical);
  });
});

describe("POST /messages/flags refuses bad input and writes nothing", () => {
  it("names an unknown flag, a computed flag and a bad operation", async () => {
    const id = await sendToStream(server, iago, "general", "bad flags");
    expectError(
      await flags(hamlet, { messages: [id], op: "add", flag: "shiny" }),
      "Invalid flag: 'shiny'",
    );
    for (const flag of [
      "mentioned",
      "wildcard_mentioned",
      "has_alert_word",
      "historical",
      "summarize_in_home",
      "force_expand",
    ]) {
      expectError(
        await flags(hamlet, { messages: [id], op: "add", flag }),
        `Flag not editable: '${flag}'`,
      );
    }
    expectError(
      await flags(hamlet, { messages: [id], op: "toggle", flag: "starred" }),
      "Invalid message flag operation: 'toggle'",
    );
    expect(await rowFlags("hamlet@parley.test", id)).toBe(0);
  });

  it("refuses unknown ids and messages the user may not see, changing none of the list", async () => {
    const visible = await sendToStream(server, iago, "general", "mixed");
    const secret = await sendToStream(server, iago, "leadership", "secret");
    const direct = await sendDirect(server, iago, ["hamlet@parley.test"]);
    const onlyMembers = await sendToStream(server, iago, "engineering", "guests");
    const queue = await registerQueue(server, cordelia);
    for (const messages of [
      [visible, secret],
      [visible, direct],
      [visible, 99_999_999],
      [visible, -1],
      [visible, 2 ** 40],
    ]) {
      expectError(
        await flags(cordelia, { messages, op: "add", flag: "starred" }),
        "Invalid message(s)",
      );
    }
    // A guest reads only the streams they are subscribed to.
    expectError(
      await flags(polonius, { messages: [onlyMembers], op: "add", flag: "starred" }),
      "Invalid message(s)",
    );
    expect(await rowFlags("cordelia@parley.test", visible)).toBe(0);
    expect(await pollEvents(server, cordelia, queue)).toEqual([]);
  });

  it("refuses missing and malformed parameters", async () => {
    const missing = await flags(hamlet, { op: "add", flag: "read" });
    expectError(missing, "Missing 'messages' argument", "REQUEST_VARIABLE_MISSING");
    expectError(
      await flags(hamlet, { messages: [1], flag: "read" }),
      "Missing 'op' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    expectError(
      await flags(hamlet, { messages: [1], op: "add" }),
      "Missing 'flag' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    expectError(
      await flags(hamlet, { messages: "[1,", op: "add", flag: "read" }),
      'Argument "messages" is not valid JSON.',
      "INVALID_JSON",
    );
    expectError(
      await flags(hamlet, { messages: '"1"', op: "add", flag: "read" }),
      "messages is not a list",
    );
    expectError(
      await flags(hamlet, { messages: '["a"]', op: "add", flag: "read" }),
      "messages[0] is not an integer",
    );
    expectError(
      await flags(hamlet, { messages: "[1e30]", op: "add", flag: "read" }),
      "messages[0] is not an integer",
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findStreamByName } from "../db/streams";
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
let othello: string;
let cordelia: string;
let polonius: string;
let general: number;
let engineering: number;
let leadership: number;

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
  polonius = await server.auth("polonius@parley.test");
  const id = async (name: string) => (await findStreamByName(server.ctx.db, name))?.id ?? -1;
  general = await id("general");
  engineering = await id("engineering");
  leadership = await id("leadership");
});
afterAll(async () => {
  await server.close();
});

const isRead = async (auth: string, id: number) =>
  ((await fetchMessage(server, auth, id))?.["flags"] as string[]).includes("read");

function verifyUnread(email: string, userId: number, action: () => Promise<void>) {
  return verifyAction(server, {
    email,
    keys: ["unread_msgs"],
    action,
    apply: (state, event) => {
      applyUnreadEvent(state, event, userId);
    },
    normalize: normalizeUnread,
  });
}

describe("POST /mark_stream_as_read", () => {
  it("marks the stream read and lists the ids that changed (verify_action)", async () => {
    const first = await sendToStream(server, iago, "engineering", "bulk a");
    const second = await sendToStream(server, iago, "engineering", "bulk b");
    const elsewhere = await sendToStream(server, iago, "general", "bulk c");
    const othelloId = await userIdOf(server, "othello@parley.test");
    const events = await verifyUnread("othello@parley.test", othelloId, async () => {
      const { body } = await server.api(
        "POST",
        "mark_stream_as_read",
        { stream_id: engineering },
        othello,
      );
      expect(body).toEqual({ result: "success", msg: "" });
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "update_message_flags",
      op: "add",
      operation: "add",
      flag: "read",
      all: false,
    });
    expect(events[0]?.["messages"]).toEqual(expect.arrayContaining([first, second]));
    expect(events[0]?.["messages"]).not.toContain(elsewhere);
    expect(await isRead(othello, elsewhere)).toBe(false);
  });

  it("sends nothing when nothing was unread, and nothing to other users", async () => {
    await server.api("POST", "mark_stream_as_read", { stream_id: engineering }, othello);
    const own = await registerQueue(server, othello);
    const other = await registerQueue(server, hamlet);
    const again = await server.api(
      "POST",
      "mark_stream_as_read",
      { stream_id: engineering },
      othello,
    );
    expect(again.status).toBe(200);
    await sendToStream(server, iago, "engineering", "one more");
    await server.api("POST", "mark_stream_as_read", { stream_id: engineering }, othello);
    expect((await pollEvents(server, othello, own)).map((e) => e.type)).toEqual([
      "message",
      "update_message_flags",
    ]);
    expect((await pollEvents(server, hamlet, other)).map((e) => e.type)).toEqual(["message"]);
  });

  it("refuses unknown, private and guest-invisible streams alike, and bad ids", async () => {
    const secret = await sendToStream(server, iago, "leadership", "unread secret");
    for (const [auth, streamId] of [
      [cordelia, leadership],
      [polonius, engineering],
      [hamlet, 99_999],
      [hamlet, 2 ** 40],
      [hamlet, -3],
    ] as const) {
      expectError(
        await server.api("POST", "mark_stream_as_read", { stream_id: streamId }, auth),
        "Invalid stream ID",
      );
    }
    expect(await isRead(hamlet, secret)).toBe(false);
    expectError(
      await server.api("POST", "mark_stream_as_read", {}, hamlet),
      "Missing 'stream_id' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    expectError(
      await server.api("POST", "mark_stream_as_read", { stream_id: '"1"' }, hamlet),
      "stream_id is not an integer",
    );
    expectError(
      await server.api("POST", "mark_stream_as_read", { stream_id: "one" }, hamlet),
      'Argument "stream_id" is not valid JSON.',
      "INVALID_JSON",
    );
  });
});

describe("POST /mark_topic_as_read", () => {
  it("marks one topic read, matching its name without case (verify_action)", async () => {
    const inTopic = await sendToStream(server, iago, "general", "Lunch Plans");
    const otherTopic = await sendToStream(server, iago, "general", "dinner plans");
    const hamletId = await userIdOf(server, "hamlet@parley.test");
    const events = await verifyUnread("hamlet@parley.test", hamletId, async () => {
      const { body } = await server.api(
        "POST",
        "mark_topic_as_read",
        { stream_id: general, topic_name: "lunch plans" },
        hamlet,
      );
      expect(body).toEqual({ result: "success", msg: "" });
    });
    expect(events.map((e) => e["messages"])).toEqual([[inTopic]]);
    expect(await isRead(hamlet, otherTopic)).toBe(false);
  });

  it("refuses a topic the user has no messages in, and a hidden stream", async () => {
    const unread = await sendToStream(server, iago, "leadership", "plans");
    expectError(
      await server.api(
        "POST",
        "mark_topic_as_read",
        { stream_id: general, topic_name: "no such" },
        hamlet,
      ),
      "No such topic 'no such'",
    );
    expectError(
      await server.api(
        "POST",
        "mark_topic_as_read",
        { stream_id: general, topic_name: "" },
        hamlet,
      ),
      "No such topic ''",
    );
    expectError(
      await server.api(
        "POST",
        "mark_topic_as_read",
        { stream_id: leadership, topic_name: "plans" },
        cordelia,
      ),
      "Invalid stream ID",
    );
    expectError(
      await server.api("POST", "mark_topic_as_read", { stream_id: leadership }, hamlet),
      "Missing 'topic_name' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    expect(await isRead(hamlet, unread)).toBe(false);
  });
});

describe("POST /mark_all_as_read", () => {
  it("marks everything read, answers complete, sends the all:true event (verify_action)", async () => {
    const stream = await sendToStream(server, iago, "general", "everything");
    const direct = await sendDirect(server, iago, ["cordelia@parley.test"]);
    const cordeliaId = await userIdOf(server, "cordelia@parley.test");
    const other = await registerQueue(server, iago);
    const events = await verifyUnread("cordelia@parley.test", cordeliaId, async () => {
      const { body } = await server.api("POST", "mark_all_as_read", {}, cordelia);
      expect(body).toEqual({ result: "success", msg: "", complete: true });
    });
    expect(events).toEqual([
      {
        id: 0,
        type: "update_message_flags",
        op: "add",
        operation: "add",
        flag: "read",
        messages: [],
        all: true,
      },
    ]);
    expect(await isRead(cordelia, stream)).toBe(true);
    expect(await isRead(cordelia, direct)).toBe(true);
    expect(await pollEvents(server, iago, other)).toEqual([]);
  });

  it("echoes parameters it does not take", async () => {
    const { body } = await server.api("POST", "mark_all_as_read", { stream_id: 1 }, cordelia);
    expect(body).toMatchObject({ complete: true, ignored_parameters_unsupported: ["stream_id"] });
  });
});

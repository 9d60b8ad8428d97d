import { describe, expect, it } from "vitest";
import { findStreamByName } from "../db/streams";
import {
  expectError,
  pollEvents,
  registerQueue,
  sendDirect,
  sendToStream,
} from "../test/message-action-helpers";
import { demoSuite } from "../test/demo-suite";
import { userIdOf } from "../test/unread-msgs";

const PEOPLE = ["iago", "hamlet", "othello", "cordelia", "polonius"];
const suite = demoSuite(PEOPLE);
const { as } = suite;
const streamId = async (name: string) =>
  (await findStreamByName(suite.server.ctx.db, name))?.id ?? -1;
const move = (who: string, id: number, params: Record<string, string | number | boolean>) =>
  suite.server.api("PATCH", `messages/${id}`, params, as(who));

/** The newest messages of a topic as `viewer` sees them. */
async function topicMessages(viewer: string, stream: string, topic: string) {
  const { body } = await suite.server.api(
    "GET",
    "messages",
    {
      anchor: "newest",
      num_before: 20,
      num_after: 0,
      apply_markdown: false,
      narrow: [
        ["stream", stream],
        ["topic", topic],
      ],
    },
    as(viewer),
  );
  return body["messages"] as { id: number; content: string; sender_email: string }[]; // ours
}

describe("moving messages to another stream", () => {
  it("moves a whole topic, tells each user as Zulip does, and posts where it went", async () => {
    const ids = [
      await sendToStream(suite.server, as("hamlet"), "general", "relocate", "one"),
      await sendToStream(suite.server, as("othello"), "general", "relocate", "two"),
      await sendToStream(suite.server, as("hamlet"), "general", "relocate", "three"),
    ];
    const queues = Object.fromEntries(
      await Promise.all(
        ["othello", "cordelia", "polonius"].map(
          async (who) =>
            [
              who,
              await registerQueue(suite.server, as(who), {
                event_types: ["update_message", "delete_message", "message"],
                client_capabilities: { bulk_message_deletion: true },
              }),
            ] as const,
        ),
      ),
    );
    const general = await streamId("general");
    const engineering = await streamId("engineering");
    const hamlet = await userIdOf(suite.server, "hamlet@parley.test");
    const reply = await move("hamlet", ids[1] ?? 0, {
      stream_id: engineering,
      topic: "relocated",
      propagate_mode: "change_all",
    });
    expect(reply.body).toEqual({ result: "success", msg: "" });

    const moved = await topicMessages("othello", "engineering", "relocated");
    expect(moved.map((m) => m.id).slice(0, 3)).toEqual(ids);
    const breadcrumb = moved[3];
    expect(breadcrumb).toMatchObject({
      sender_email: "notification-bot@zulip.com",
      content: `This topic was moved here from #**general>relocate** by @_**King Hamlet|${String(hamlet)}**.`,
    });
    // Nothing is posted in the old place unless asked for.
    expect(await topicMessages("othello", "general", "relocate")).toEqual([]);

    const update = {
      type: "update_message",
      message_id: ids[1],
      message_ids: ids,
      stream_id: general,
      stream_name: "general",
      new_stream_id: engineering,
      orig_subject: "relocate",
      subject: "relocated",
      propagate_mode: "change_all",
    };
    // Othello is in both streams; Cordelia only in general, which is public: she may still read
    // the messages but loses her rows; Polonius, a guest, loses them altogether.
    const othelloEvents = await pollEvents(suite.server, as("othello"), queues["othello"] ?? "");
    expect(othelloEvents).toMatchObject([
      update,
      { type: "message", message: { id: breadcrumb?.id } },
    ]);
    expect(await pollEvents(suite.server, as("cordelia"), queues["cordelia"] ?? "")).toMatchObject([
      { ...update, flags: ["read"] },
    ]);
    expect(await pollEvents(suite.server, as("polonius"), queues["polonius"] ?? "")).toEqual([
      {
        id: 0,
        type: "delete_message",
        message_ids: ids,
        message_type: "stream",
        stream_id: general,
        topic: "relocate",
      },
    ]);
    const rows = await suite.server.ctx.db.query<{ user_id: number }>(
      "SELECT user_id FROM user_messages WHERE message_id = $1",
      [ids[0]],
    );
    const holders = new Set(rows.map((row) => row.user_id));
    expect(holders.has(await userIdOf(suite.server, "cordelia@parley.test"))).toBe(false);
    expect(holders.has(await userIdOf(suite.server, "othello@parley.test"))).toBe(true);

    const history = await suite.server.api(
      "GET",
      `messages/${String(ids[0])}/history`,
      {},
      as("othello"),
    );
    expect(history.body["message_history"]).toMatchObject([
      { topic: "relocate" },
      { topic: "relocated", prev_topic: "relocate", prev_stream: general, stream: engineering },
    ]);
  });

  it("counts a partial move in both places when asked to tell the old one", async () => {
    const first = await sendToStream(suite.server, as("hamlet"), "general", "split", "keep me");
    const second = await sendToStream(suite.server, as("hamlet"), "general", "split", "take me");
    const third = await sendToStream(suite.server, as("hamlet"), "general", "split", "and me");
    await sendToStream(suite.server, as("hamlet"), "engineering", "landing", "already here");
    const hamlet = await userIdOf(suite.server, "hamlet@parley.test");
    const user = `@_**King Hamlet|${String(hamlet)}**`;
    const reply = await move("hamlet", second, {
      stream_id: await streamId("engineering"),
      topic: "landing",
      propagate_mode: "change_later",
      send_notification_to_old_thread: true,
    });
    expect(reply.status).toBe(200);
    const old = await topicMessages("hamlet", "general", "split");
    expect(old.map((m) => m.content)).toEqual([
      "keep me",
      `2 messages were moved from this topic to #**engineering>landing** by ${user}.`,
    ]);
    expect(old[0]?.id).toBe(first);
    const landing = await topicMessages("hamlet", "engineering", "landing");
    expect(landing.map((m) => m.content).at(-1)).toBe(
      `2 messages were moved here from #**general>split** by ${user}.`,
    );
    expect(landing.map((m) => m.id)).toEqual(expect.arrayContaining([second, third]));

    const single = await sendToStream(suite.server, as("hamlet"), "general", "split", "alone");
    await move("hamlet", single, { stream_id: await streamId("engineering"), topic: "landing" });
    const link = `#narrow/stream/${String(await streamId("engineering"))}-engineering/topic/landing/near/${String(single)}`;
    expect((await topicMessages("hamlet", "engineering", "landing")).at(-1)?.content).toBe(
      `[A message](${link}) was moved here from #**general>split** by ${user}.`,
    );
  });

  it("into a private stream: its subscribers get rows, everyone else loses the messages", async () => {
    const { body } = await suite.server.api(
      "POST",
      "users/me/subscriptions",
      {
        subscriptions: [{ name: "closed room" }],
        invite_only: true,
        history_public_to_subscribers: false,
        principals: ["hamlet@parley.test", "iago@parley.test"],
      },
      as("hamlet"),
    );
    expect(body["result"]).toBe("success");
    const id = await sendToStream(suite.server, as("othello"), "random", "confidential", "psst");
    const othelloQueue = await registerQueue(suite.server, as("othello"), {
      event_types: ["update_message", "delete_message"],
    });
    const reply = await move("hamlet", id, {
      stream_id: await streamId("closed room"),
      send_notification_to_new_thread: false,
    });
    expect(reply.status).toBe(200);
    // Othello sent it but is not in the room: for him it is deleted (one legacy event).
    expect(await pollEvents(suite.server, as("othello"), othelloQueue)).toMatchObject([
      { type: "delete_message", message_id: id, message_type: "stream", topic: "confidential" },
    ]);
    expect(
      (await suite.server.api("GET", `messages/${String(id)}`, {}, as("othello"))).status,
    ).toBe(400);
    // Iago never received it, but is subscribed to a room without shared history: now he has it.
    const iago = await suite.server.api("GET", `messages/${String(id)}`, {}, as("iago"));
    expect(iago.body["message"]).toMatchObject({ id, flags: ["read"] });
    // The room's first message is now this older one.
    expect((await findStreamByName(suite.server.ctx.db, "closed room"))?.first_message_id).toBe(id);
  });

  it("refuses what Zulip refuses", async () => {
    const id = await sendToStream(suite.server, as("hamlet"), "general", "stuck", "here");
    const dm = await sendDirect(suite.server, as("hamlet"), ["othello@parley.test"]);
    const engineering = await streamId("engineering");
    expectError(
      await move("polonius", id, { stream_id: engineering }),
      "You don't have permission to move this message",
    );
    expectError(
      await move("othello", id, { stream_id: await streamId("leadership") }),
      "Invalid stream ID",
    );
    expectError(await move("hamlet", id, { stream_id: 999_999 }), "Invalid stream ID");
    expectError(
      await move("hamlet", dm, { stream_id: engineering }),
      "Direct messages cannot be moved to streams.",
    );
    expectError(
      await move("hamlet", id, { stream_id: engineering, content: "new words" }),
      "Cannot change message content while changing stream",
    );
    expect((await topicMessages("hamlet", "general", "stuck")).map((m) => m.id)).toEqual([id]);
  });
});

describe("resolving a topic", () => {
  it("posts Zulip's notice in the renamed topic, and none for moving", async () => {
    const id = await sendToStream(suite.server, as("othello"), "general", "printer jam", "help");
    const hamlet = await userIdOf(suite.server, "hamlet@parley.test");
    const resolve = await move("hamlet", id, {
      topic: "✔ printer jam",
      propagate_mode: "change_all",
    });
    expect(resolve.status).toBe(200);
    const resolved = await topicMessages("othello", "general", "✔ printer jam");
    expect(resolved.map((m) => m.content)).toEqual([
      "help",
      `@_**King Hamlet|${String(hamlet)}** has marked this topic as resolved.`,
    ]);
    const { body } = await suite.server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 5, num_after: 0, narrow: [["is", "resolved"]] },
      as("othello"),
    );
    expect((body["messages"] as { id: number }[]).map((m) => m.id)).toContain(id);

    await move("hamlet", id, { topic: "printer jam", propagate_mode: "change_all" });
    const back = await topicMessages("othello", "general", "printer jam");
    expect(back.map((m) => m.content)).toEqual([
      "help",
      `@_**King Hamlet|${String(hamlet)}** has marked this topic as resolved.`,
      `@_**King Hamlet|${String(hamlet)}** has marked this topic as unresolved.`,
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { FakeClock } from "../test/fake-clock";
import { demoSuite } from "../test/demo-suite";
import { MESSAGE_CONTENT_EDIT_LIMIT_SECONDS, TOPIC_EDIT_LIMIT_SECONDS } from "./edit-message";

const clock = new FakeClock();
const PEOPLE = ["desdemona", "iago", "hamlet", "othello", "cordelia", "prospero", "polonius"];
const suite = demoSuite(PEOPLE, { clock });
const { as } = suite;

async function send(sender: string, to: string, topic: string, content = "hello"): Promise<number> {
  const { body } = await suite.server.api(
    "POST",
    "messages",
    { type: "stream", to, topic, content },
    as(sender),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

async function sendDirect(sender: string, to: string, content = "psst"): Promise<number> {
  const { body } = await suite.server.api(
    "POST",
    "messages",
    { type: "private", to: `${to}@parley.test`, content },
    as(sender),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

const edit = (editor: string, id: number | string, params: Record<string, string | boolean>) =>
  suite.server.api("PATCH", `messages/${id}`, params, as(editor));

interface Stored {
  subject: string;
  content: string;
  rendered_content: string;
  last_edit_time: number | null;
  edits: number;
}

async function stored(id: number): Promise<Stored | undefined> {
  const [row] = await suite.server.ctx.db.query<Stored>(
    `SELECT subject, content, rendered_content, last_edit_time,
            (SELECT count(*)::int FROM message_edits e WHERE e.message_id = m.id) AS edits
       FROM messages m WHERE id = $1`,
    [id],
  );
  return row;
}

/** Runs a request that must fail with `msg` and change nothing about message `id`. */
async function expectRefused(
  request: () => Promise<{ status: number; body: Record<string, unknown> }>,
  id: number,
  msg: string,
  code = "BAD_REQUEST",
): Promise<Record<string, unknown>> {
  const before = await stored(id);
  const { status, body } = await request();
  expect(body).toMatchObject({ result: "error", msg, code });
  expect(status).toBe(400);
  expect(await stored(id)).toEqual(before);
  return body;
}

describe("PATCH /messages/{id}: content", () => {
  it("lets the sender edit, renders the new content and records the edit", async () => {
    const id = await send("hamlet", "general", "edits", "first *draft*");
    const { status, body } = await edit("hamlet", id, { content: "second <draft>\n\n" });
    expect(status).toBe(200);
    expect(body).toEqual({ result: "success", msg: "" });
    expect(await stored(id)).toEqual({
      subject: "edits",
      content: "second <draft>",
      rendered_content: "<p>second &lt;draft&gt;</p>",
      last_edit_time: Math.floor(clock.now() / 1000),
      edits: 1,
    });
  });

  it("refuses anyone else, administrators included", async () => {
    const id = await send("hamlet", "general", "edits");
    for (const editor of ["othello", "iago", "desdemona"]) {
      await expectRefused(
        () => edit(editor, id, { content: "mine now" }),
        id,
        "You don't have permission to edit this message",
      );
    }
  });

  it.each([
    ["", "Message must not be empty"],
    [" \n\t", "Message must not be empty"],
    ["a\u0000b", "Message must not contain null bytes"],
    ["é".repeat(5001), "Message is too long (limit: 10000 bytes of UTF-8, got 10002)."],
  ])("refuses bad content %#, writing nothing", async (content, msg) => {
    const id = await send("hamlet", "general", "edits");
    await expectRefused(() => edit("hamlet", id, { content }), id, msg);
  });

  it("says there is nothing to change for no change, the same content or the same topic", async () => {
    const id = await send("hamlet", "general", "same", "unchanged");
    await expectRefused(() => edit("hamlet", id, {}), id, "Nothing to change");
    await expectRefused(
      () => edit("hamlet", id, { content: "unchanged\n" }),
      id,
      "Nothing to change",
    );
    await expectRefused(() => edit("hamlet", id, { topic: " same " }), id, "Nothing to change");
  });

  it("edits direct messages but gives them no topic", async () => {
    const id = await sendDirect("hamlet", "othello");
    expect((await edit("hamlet", id, { content: "psst, edited" })).status).toBe(200);
    await expectRefused(
      () => edit("hamlet", id, { topic: "no" }),
      id,
      "Direct messages cannot have topics.",
    );
    await expectRefused(
      () => edit("othello", id, { content: "x" }),
      id,
      "You don't have permission to edit this message",
    );
  });
});

describe("PATCH /messages/{id}: parameters and visibility", () => {
  it("takes subject as an alias of topic, and both only when they agree", async () => {
    const id = await send("hamlet", "general", "alias");
    expect((await edit("hamlet", id, { subject: "alias 2" })).status).toBe(200);
    expect((await edit("hamlet", id, { topic: "alias 3", subject: "alias 3" })).status).toBe(200);
    expect((await stored(id))?.subject).toBe("alias 3");
    await expectRefused(
      () => edit("hamlet", id, { topic: "a", subject: "b" }),
      id,
      "Can't decide between 'topic' and 'subject' arguments",
      "REQUEST_CONFUSING_VAR",
    );
  });

  it("checks propagate_mode and the notification flags", async () => {
    const id = await send("hamlet", "general", "modes");
    await expectRefused(
      () => edit("hamlet", id, { content: "x", propagate_mode: "change_all" }),
      id,
      "Invalid propagate_mode without topic edit",
    );
    await expectRefused(
      () => edit("hamlet", id, { topic: "t", propagate_mode: "everything" }),
      id,
      "Invalid propagate_mode",
    );
    await expectRefused(
      () => edit("hamlet", id, { topic: "t", send_notification_to_old_thread: "yes" }),
      id,
      'Argument "send_notification_to_old_thread" is not valid JSON.',
      "INVALID_JSON",
    );
    const ok = await edit("hamlet", id, {
      topic: "modes 2",
      send_notification_to_old_thread: true,
      send_notification_to_new_thread: false,
    });
    expect(ok.body).toEqual({ result: "success", msg: "" });
  });

  it("refuses bad topics with the same rules as sending", async () => {
    const id = await send("hamlet", "general", "topics");
    const cases = [
      ["   ", "Topic can't be empty!"],
      ["x".repeat(61), "Topic is too long (limit: 60 characters, got 61)."],
      ["bell\u0007", "Invalid character in topic, at position 5!"],
    ] as const;
    for (const [topic, msg] of cases) {
      await expectRefused(() => edit("hamlet", id, { topic }), id, msg);
    }
  });

  it("treats unknown, malformed and invisible messages alike", async () => {
    const secret = await send("iago", "leadership", "plans");
    const dm = await sendDirect("iago", "hamlet");
    await expectRefused(
      () => edit("othello", secret, { topic: "leak" }),
      secret,
      "Invalid message(s)",
    );
    await expectRefused(
      () => edit("polonius", secret, { topic: "leak" }),
      secret,
      "Invalid message(s)",
    );
    await expectRefused(() => edit("othello", dm, { content: "x" }), dm, "Invalid message(s)");
    for (const id of ["99999999", "abc", "9223372036854775808", "-1"]) {
      const { status, body } = await edit("hamlet", id, { content: "x" });
      expect(status).toBe(400);
      expect(body).toMatchObject({ msg: "Invalid message(s)", code: "BAD_REQUEST" });
    }
  });

  it("refuses edits by a former subscriber of a private stream", async () => {
    const id = await send("hamlet", "leadership", "mine", "my old words");
    await suite.server.ctx.db.query(
      "UPDATE subscriptions SET active = false WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      ["hamlet@parley.test"],
    );
    try {
      await expectRefused(() => edit("hamlet", id, { content: "new" }), id, "Invalid message(s)");
    } finally {
      await suite.server.ctx.db.query(
        "UPDATE subscriptions SET active = true WHERE user_id = (SELECT id FROM users WHERE email = $1)",
        ["hamlet@parley.test"],
      );
    }
  });

  it("refuses content with a stream move and ignores the message's own stream", async () => {
    const id = await send("hamlet", "general", "stay");
    const streams = await suite.server.ctx.db.query<{ id: number; name: string }>(
      "SELECT id, name FROM streams",
    );
    const streamId = (name: string) => String(streams.find((s) => s.name === name)?.id);
    await expectRefused(
      () => edit("hamlet", id, { stream_id: streamId("random"), content: "x" }),
      id,
      "Cannot change message content while changing stream",
    );
    const same = await edit("hamlet", id, { stream_id: streamId("general"), topic: "stayed" });
    expect(same.status).toBe(200);
  });
});

describe("PATCH /messages/{id}: topic permissions", () => {
  it("lets any non-guest who sees the message rename its topic", async () => {
    const id = await send("hamlet", "general", "shared");
    expect((await edit("cordelia", id, { topic: "shared by cordelia" })).status).toBe(200);
    await expectRefused(
      () => edit("polonius", id, { topic: "guest rename" }),
      id,
      "You don't have permission to edit this message",
    );
    await expectRefused(
      () => edit("cordelia", id, { content: "cordelia's words" }),
      id,
      "You don't have permission to edit this message",
    );
  });
});

describe("PATCH /messages/{id}: time limits", () => {
  const SECOND = 1000;

  it("allows content edits for 600 s plus 20 s of grace, administrators included", async () => {
    const id = await send("hamlet", "general", "clock");
    const admins = await send("iago", "general", "clock");
    clock.advance((MESSAGE_CONTENT_EDIT_LIMIT_SECONDS + 20) * SECOND);
    expect((await edit("hamlet", id, { content: "just in time" })).status).toBe(200);
    clock.advance(SECOND);
    await expectRefused(
      () => edit("hamlet", id, { content: "too late" }),
      id,
      "The time limit for editing this message has passed",
    );
    expect((await edit("hamlet", id, { topic: "topic still fine" })).status).toBe(200);
    await expectRefused(
      () => edit("iago", admins, { content: "admins may not either" }),
      admins,
      "The time limit for editing this message has passed",
    );
  });

  it("allows members topic edits for a week; moderators and administrators beyond", async () => {
    const id = await send("hamlet", "general", "old news");
    clock.advance((TOPIC_EDIT_LIMIT_SECONDS + 21) * SECOND);
    for (const member of ["hamlet", "cordelia"]) {
      await expectRefused(
        () => edit(member, id, { topic: "renamed" }),
        id,
        "The time limit for editing this message's topic has passed.",
      );
    }
    expect((await edit("prospero", id, { topic: "by the moderator" })).status).toBe(200);
    expect((await edit("iago", id, { topic: "by the administrator" })).status).toBe(200);
  });

  it("tells a member how much of an old topic they may move with change_all", async () => {
    const old = await send("hamlet", "general", "long thread");
    clock.advance((TOPIC_EDIT_LIMIT_SECONDS + 21) * SECOND);
    const recent = await send("othello", "general", "long thread");
    const latest = await send("hamlet", "general", "long thread");
    const body = await expectRefused(
      () => edit("hamlet", latest, { topic: "moved", propagate_mode: "change_all" }),
      latest,
      "You only have permission to move the 2/3 most recent messages in this topic.",
      "MOVE_MESSAGES_TIME_LIMIT_EXCEEDED",
    );
    expect(body).toMatchObject({
      first_message_id_allowed_to_move: recent,
      total_messages_allowed_to_move: 2,
      total_messages_in_topic: 3,
    });
    expect((await stored(old))?.subject).toBe("long thread");
    expect(
      (await edit("hamlet", recent, { topic: "moved", propagate_mode: "change_later" })).status,
    ).toBe(200);
    expect((await stored(latest))?.subject).toBe("moved");
    expect((await stored(old))?.subject).toBe("long thread");
    expect((await edit("iago", old, { topic: "moved", propagate_mode: "change_all" })).status).toBe(
      200,
    );
    expect((await stored(old))?.subject).toBe("moved");
  });
});

describe("PATCH /messages/{id}: propagate modes", () => {
  async function topicOf(ids: readonly number[]): Promise<string[]> {
    return Promise.all(ids.map(async (id) => (await stored(id))?.subject ?? "?"));
  }

  it("moves one message, the later ones, or the whole topic (case-insensitively)", async () => {
    const ids = [
      await send("hamlet", "random", "Thread"),
      await send("othello", "random", "thread"),
      await send("cordelia", "random", "THREAD"),
      await send("hamlet", "random", "thread"),
    ];
    const other = await send("hamlet", "random", "elsewhere");
    const [first = 0, second = 0, third = 0] = ids;
    expect((await edit("hamlet", third, { topic: "one" })).status).toBe(200);
    expect(await topicOf(ids)).toEqual(["Thread", "thread", "one", "thread"]);
    expect(
      (await edit("cordelia", second, { topic: "later", propagate_mode: "change_later" })).status,
    ).toBe(200);
    expect(await topicOf(ids)).toEqual(["Thread", "later", "one", "later"]);
    expect(
      (await edit("othello", first, { topic: "all", propagate_mode: "change_all" })).status,
    ).toBe(200);
    expect(await topicOf(ids)).toEqual(["all", "later", "one", "later"]);
    expect(
      (await edit("othello", second, { topic: "all", propagate_mode: "change_all" })).status,
    ).toBe(200);
    expect(await topicOf([...ids, other])).toEqual(["all", "all", "one", "all", "elsewhere"]);
    const edits = await suite.server.ctx.db.query<{
      message_id: number;
      prev_topic: string;
      topic: string;
    }>(
      "SELECT message_id, prev_topic, topic FROM message_edits WHERE message_id = ANY($1::int[]) ORDER BY id",
      [ids],
    );
    expect(edits.map((e) => [e.message_id, e.prev_topic, e.topic])).toEqual([
      [third, "THREAD", "one"],
      [second, "thread", "later"],
      [ids[3], "thread", "later"],
      [first, "Thread", "all"],
      [second, "later", "all"],
      [ids[3], "later", "all"],
    ]);
  });

  it("lets concurrent moves of one topic queue up instead of deadlocking", async () => {
    const ids = await Promise.all(["a", "b", "c", "d"].map(() => send("hamlet", "random", "busy")));
    const responses = await Promise.all(
      ids.map((id, index) =>
        edit("hamlet", id, { topic: `busy ${index}`, propagate_mode: "change_all" }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const topics = new Set(await topicOf(ids));
    expect(topics.size).toBe(1);
  });

  it("edits content and topic together: content of the one, topic of them all", async () => {
    const a = await send("hamlet", "random", "pair", "a");
    const b = await send("hamlet", "random", "pair", "b");
    const response = await edit("hamlet", a, {
      content: "a, edited",
      topic: "pair 2",
      propagate_mode: "change_all",
    });
    expect(response.status).toBe(200);
    expect(await stored(a)).toMatchObject({ subject: "pair 2", content: "a, edited", edits: 1 });
    expect(await stored(b)).toMatchObject({ subject: "pair 2", content: "b", edits: 1 });
  });
});

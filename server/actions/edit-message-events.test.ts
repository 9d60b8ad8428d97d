import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../test/fake-clock";
import { startTestServer, type TestServer } from "../test/test-server";
import { verifyAction, type State, type TestEvent } from "../test/verify-action";
import { invalidateStreamCache } from "../db/stream-cache";

let server: TestServer;
const clock = new FakeClock();
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const PEOPLE = ["desdemona", "iago", "hamlet", "othello", "cordelia", "prospero", "polonius"];
let streamIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({}, clock);
  for (const name of PEOPLE) {
    auth[name] = await server.auth(`${name}@parley.test`);
    const [row] = await server.ctx.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = $1",
      [`${name}@parley.test`],
    );
    ids[name] = row?.id ?? 0;
  }
  const streams = await server.ctx.db.query<{ id: number; name: string }>(
    "SELECT id, name FROM streams",
  );
  streamIds = Object.fromEntries(streams.map((s) => [s.name, s.id]));
});
afterAll(async () => {
  await server.close();
});

const as = (name: string): string => auth[name] ?? "";
const idOf = (name: string): number => ids[name] ?? 0;
const now = () => Math.floor(clock.now() / 1000);

async function send(sender: string, to: string, topic: string, content = "hello"): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to, topic, content },
    as(sender),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

/** An edit without the Notification Bot's breadcrumbs (move-notifications.test.ts has those). */
async function edit(editor: string, id: number, params: Record<string, string>): Promise<void> {
  const { body } = await server.api(
    "PATCH",
    `messages/${id}`,
    { send_notification_to_new_thread: "false", ...params },
    as(editor),
  );
  expect(body).toEqual({ result: "success", msg: "" });
}

async function register(name: string, params: Record<string, unknown> = {}): Promise<string> {
  const { body } = await server.api(
    "POST",
    "register",
    { event_types: ["update_message"], fetch_event_types: [], apply_markdown: true, ...params },
    as(name),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["queue_id"] as string; // checked just above
}

async function events(name: string, queueId: string): Promise<TestEvent[]> {
  const { body } = await server.api(
    "GET",
    "events",
    { queue_id: queueId, last_event_id: -1, dont_block: true },
    as(name),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["events"] as TestEvent[]; // our own server's events
}

/** Registers a queue per person, runs `action`, and returns the events each queue got. */
async function eventsOf(
  names: readonly string[],
  action: () => Promise<void>,
  params: Record<string, unknown> = {},
): Promise<Record<string, TestEvent[]>> {
  const queues = await Promise.all(names.map((name) => register(name, params)));
  await action();
  const result: Record<string, TestEvent[]> = {};
  for (const [index, name] of names.entries()) {
    result[name] = await events(name, queues[index] ?? "");
  }
  return result;
}

describe("update_message events", () => {
  it("sends a content edit of a stream message, with each receiver's flags, to its receivers only", async () => {
    const id = await send("hamlet", "engineering", "events", "before");
    await server.ctx.db.query(
      "UPDATE user_messages SET flags = 2 WHERE message_id = $1 AND user_id = $2",
      [id, idOf("othello")],
    );
    const got = await eventsOf(["hamlet", "othello", "cordelia", "polonius"], () =>
      edit("hamlet", id, { content: "after **all**" }),
    );
    const expected = {
      id: 0,
      type: "update_message",
      user_id: idOf("hamlet"),
      rendering_only: false,
      message_id: id,
      message_ids: [id],
      flags: ["starred"],
      edit_timestamp: now(),
      stream_name: "engineering",
      stream_id: streamIds["engineering"],
      orig_content: "before",
      orig_rendered_content: "<p>before</p>",
      content: "after **all**",
      rendered_content: "<p>after <strong>all</strong></p>",
      is_me_message: false,
    };
    expect(got["othello"]).toEqual([expected]);
    expect(got["hamlet"]).toEqual([{ ...expected, flags: [] }]);
    // cordelia may read this public stream's history but never received the message.
    expect(got["cordelia"]).toEqual([]);
    expect(got["polonius"]).toEqual([]);
  });

  it("carries Markdown and HTML whatever the queue's apply_markdown, and respects event_types", async () => {
    const id = await send("hamlet", "engineering", "events", "/me waves");
    const raw = await eventsOf(["othello"], () => edit("hamlet", id, { content: "/me bows" }), {
      apply_markdown: false,
    });
    expect(raw["othello"]?.[0]).toMatchObject({
      content: "/me bows",
      rendered_content: "<p>/me bows</p>",
      is_me_message: true,
    });
    const filtered = await eventsOf(
      ["othello"],
      () => edit("hamlet", id, { content: "/me sits" }),
      {
        event_types: ["message"],
      },
    );
    expect(filtered["othello"]).toEqual([]);
  });

  it("keeps a private stream's topic edit inside the stream", async () => {
    const id = await send("iago", "leadership", "secret plans", "shh");
    const got = await eventsOf(["hamlet", "desdemona", "othello", "polonius"], () =>
      edit("hamlet", id, { topic: "public plans" }),
    );
    const expected = {
      id: 0,
      type: "update_message",
      user_id: idOf("hamlet"),
      rendering_only: false,
      message_id: id,
      message_ids: [id],
      flags: [],
      edit_timestamp: now(),
      stream_name: "leadership",
      stream_id: streamIds["leadership"],
      orig_subject: "secret plans",
      subject: "public plans",
      topic_links: [],
      propagate_mode: "change_one",
    };
    expect(got["hamlet"]).toEqual([expected]);
    expect(got["desdemona"]).toEqual([expected]);
    expect(got["othello"]).toEqual([]);
    expect(got["polonius"]).toEqual([]);
  });

  it("tells nothing to a former subscriber of a private stream", async () => {
    const id = await send("iago", "leadership", "later", "still secret");
    const unsubscribe = async (active: boolean) => {
      await server.ctx.db.query(
        "UPDATE subscriptions SET active = $1 WHERE user_id = $2 AND stream_id = $3",
        [active, idOf("hamlet"), streamIds["leadership"]],
      );
      invalidateStreamCache(server.ctx.db); // as the (un)subscribe actions do
    };
    await unsubscribe(false);
    try {
      const got = await eventsOf(["hamlet", "desdemona"], () =>
        edit("iago", id, { content: "secret, edited" }),
      );
      expect(got["hamlet"]).toEqual([]);
      expect(got["desdemona"]).toHaveLength(1);
    } finally {
      await unsubscribe(true);
    }
  });

  it("sends a direct message edit to its participants, without stream fields", async () => {
    const { body } = await server.api(
      "POST",
      "messages",
      { type: "private", to: "hamlet@parley.test", content: "psst" },
      as("iago"),
    );
    const id = body["id"] as number; // the send's own response
    const got = await eventsOf(["iago", "hamlet", "othello"], () =>
      edit("iago", id, { content: "psst!" }),
    );
    expect(got["hamlet"]?.[0]).not.toHaveProperty("stream_id");
    expect(got["hamlet"]?.[0]).toMatchObject({ message_ids: [id], content: "psst!" });
    expect(got["iago"]).toHaveLength(1);
    expect(got["othello"]).toEqual([]);
  });

  it("lists only the moved messages each user received, and content only to the edited one's receivers", async () => {
    const first = await send("hamlet", "random", "gather", "one");
    await server.ctx.db.query(
      "INSERT INTO subscriptions (user_id, stream_id, color) VALUES ($1, $2, '#fff')",
      [idOf("prospero"), streamIds["random"]],
    );
    invalidateStreamCache(server.ctx.db); // as the subscribe action does
    try {
      const second = await send("othello", "random", "gather", "two");
      const got = await eventsOf(["hamlet", "prospero"], () =>
        edit("hamlet", first, { content: "one!", topic: "gathered", propagate_mode: "change_all" }),
      );
      expect(got["hamlet"]?.[0]).toMatchObject({
        message_ids: [first, second],
        content: "one!",
        subject: "gathered",
        propagate_mode: "change_all",
      });
      const prospero = got["prospero"]?.[0];
      expect(prospero).toMatchObject({ message_ids: [second], flags: [], subject: "gathered" });
      expect(prospero).not.toHaveProperty("content");
      expect(prospero).not.toHaveProperty("orig_content");
    } finally {
      await server.ctx.db.query("DELETE FROM subscriptions WHERE user_id = $1 AND stream_id = $2", [
        idOf("prospero"),
        streamIds["random"],
      ]);
      invalidateStreamCache(server.ctx.db);
    }
  });
});

type WireMessage = Record<string, unknown> & { id: number };

/** Applies an `update_message` event to fetched messages, as a client does. */
function applyToMessages(messages: WireMessage[], event: TestEvent, applyMarkdown: boolean): void {
  const moved = new Set(event["message_ids"] as number[]);
  for (const message of messages) {
    if (!moved.has(message.id)) continue;
    if ("subject" in event) {
      message["subject"] = event["subject"];
      message["topic_links"] = event["topic_links"];
    }
    if ("content" in event && message.id === event["message_id"]) {
      message["content"] = applyMarkdown ? event["rendered_content"] : event["content"];
      message["is_me_message"] = event["is_me_message"];
    }
    message["last_edit_timestamp"] = event["edit_timestamp"];
  }
}

describe("messages fetched before + update_message == messages fetched after", () => {
  it.each([true, false])(
    "holds for content and topic edits (apply_markdown %s)",
    async (applyMarkdown) => {
      const topic = `converge ${String(applyMarkdown)}`;
      const a = await send("hamlet", "general", topic, "a");
      await send("othello", "general", topic, "b");
      await send("cordelia", "general", "elsewhere", "c");
      const fetch = async () => {
        const { body } = await server.api(
          "GET",
          "messages",
          {
            anchor: a,
            num_before: 2,
            num_after: 10,
            narrow: [{ operator: "stream", operand: "general" }],
            apply_markdown: applyMarkdown,
          },
          as("othello"),
        );
        return body["messages"] as WireMessage[]; // our own server's messages
      };
      const queue = await register("othello", { apply_markdown: applyMarkdown });
      const before = await fetch();
      await edit("hamlet", a, {
        content: "a *edited*",
        topic: `${topic}!`,
        propagate_mode: "change_all",
      });
      clock.advance(5000);
      await edit("othello", a, { topic: `${topic}?`, propagate_mode: "change_later" });
      for (const event of await events("othello", queue))
        applyToMessages(before, event, applyMarkdown);
      expect(before).toEqual(await fetch());
    },
  );
});

interface UnreadStream {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}

describe("unread_msgs follows topic moves", () => {
  const streamsOf = (state: State) => (state["unread_msgs"] as { streams: UnreadStream[] }).streams; // register state of our server

  it("verifies a change_all move against register", async () => {
    const moved = [
      await send("hamlet", "general", "unread move"),
      await send("iago", "general", "unread move"),
    ];
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["unread_msgs"],
      register: {
        event_types: ["update_message"],
        fetch_event_types: ["message", "update_message_flags"],
      },
      numEvents: 1,
      action: () =>
        edit("cordelia", moved[0] ?? 0, { topic: "unread moved", propagate_mode: "change_all" }),
      apply: (state, event) => {
        const ids = new Set(event["message_ids"] as number[]);
        const unread = streamsOf(state).flatMap((s) =>
          s.unread_message_ids.filter((id) => ids.has(id)),
        );
        const streams = streamsOf(state)
          .map((s) => ({
            ...s,
            unread_message_ids: s.unread_message_ids.filter((id) => !ids.has(id)),
          }))
          .filter((s) => s.unread_message_ids.length > 0);
        streams.push({
          stream_id: event["stream_id"] as number, // fields of our own event, asserted elsewhere
          topic: event["subject"] as string,
          unread_message_ids: unread,
        });
        (state["unread_msgs"] as { streams: UnreadStream[] }).streams = streams;
      },
      normalize: (state) => ({
        unread_msgs: streamsOf(state)
          .map((s) => ({
            ...s,
            unread_message_ids: [...s.unread_message_ids].sort((x, y) => x - y),
          }))
          .sort((x, y) => x.stream_id - y.stream_id || x.topic.localeCompare(y.topic)),
      }),
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let iago: string;
let hamlet: string;
let polonius: string;
beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  polonius = await server.auth("polonius@parley.test");
});
afterAll(async () => {
  await server.close();
});

interface WireMessage {
  id: number;
  content: string;
  subject: string;
  display_recipient: string | { email: string }[];
  flags: string[];
}
const messagesOf = (body: Record<string, unknown>) => body["messages"] as WireMessage[]; // checked by the assertions

describe("POST /messages", () => {
  it("sends a stream message that the topic narrow then finds", async () => {
    const sent = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "skeleton", content: "Hello *there*" },
      iago,
    );
    expect(sent.status).toBe(200);
    const id = sent.body["id"];
    const { body } = await server.api(
      "GET",
      "messages",
      {
        anchor: "newest",
        num_before: 10,
        num_after: 0,
        narrow: [
          { operator: "stream", operand: "general" },
          { operator: "topic", operand: "skeleton" },
        ],
      },
      hamlet,
    );
    const messages = messagesOf(body);
    expect(messages.map((m) => m.id)).toEqual([id]);
    expect(messages[0]).toMatchObject({
      subject: "skeleton",
      display_recipient: "general",
      content: "<p>Hello <em>there</em></p>",
    });
    expect(body).toMatchObject({ found_newest: true, found_oldest: true, found_anchor: false });
  });

  it("accepts `subject`, a JSON stream name and a stream id as `to`", async () => {
    const streams = await server.api("GET", "users/me/subscriptions", {}, iago);
    const general = (streams.body["subscriptions"] as { name: string; stream_id: number }[]).find(
      (s) => s.name === "general",
    );
    for (const to of ['"general"', '["general"]', String(general?.stream_id)]) {
      const sent = await server.api(
        "POST",
        "messages",
        { type: "stream", to, subject: "forms", content: `to=${to}` },
        iago,
      );
      expect(sent.body).toMatchObject({ result: "success" });
    }
  });

  it("sends direct messages to one or several people, by email list or JSON", async () => {
    const one = await server.api(
      "POST",
      "messages",
      { type: "private", to: "hamlet@parley.test", content: "psst" },
      iago,
    );
    const group = await server.api(
      "POST",
      "messages",
      {
        type: "private",
        to: '["hamlet@parley.test", "othello@parley.test"]',
        content: "all three",
      },
      iago,
    );
    expect(one.status).toBe(200);
    expect(group.status).toBe(200);
    const { body } = await server.api(
      "GET",
      "messages",
      {
        anchor: "newest",
        num_before: 5,
        num_after: 0,
        narrow: [["dm", "iago@parley.test"]],
      },
      hamlet,
    );
    const found = messagesOf(body).find((m) => m.id === one.body["id"]);
    expect(found?.subject).toBe("");
    expect((found?.display_recipient as { email: string }[]).map((u) => u.email)).toEqual([
      "iago@parley.test",
      "hamlet@parley.test",
    ]);
    expect(found?.flags).toEqual([]);
    const groupFetch = await server.api(
      "GET",
      "messages",
      {
        anchor: "newest",
        num_before: 5,
        num_after: 0,
        narrow: [{ operator: "dm", operand: ["iago@parley.test", "othello@parley.test"] }],
      },
      hamlet,
    );
    expect(messagesOf(groupFetch.body).map((m) => m.id)).toContain(group.body["id"]);
  });

  it("names the missing stream and the invalid email", async () => {
    const stream = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "nowhere", topic: "t", content: "x" },
      iago,
    );
    expect(stream.body).toEqual({
      result: "error",
      msg: "Stream 'nowhere' does not exist",
      code: "STREAM_DOES_NOT_EXIST",
      stream: "nowhere",
    });
    const email = await server.api(
      "POST",
      "messages",
      { type: "private", to: "ghost@parley.test", content: "x" },
      iago,
    );
    expect(email.body).toMatchObject({
      code: "BAD_REQUEST",
      msg: "Invalid email 'ghost@parley.test'",
    });
  });

  it.each([
    [{ topic: "x".repeat(61), content: "x" }, "Topic is too long (limit: 60 characters, got 61)."],
    [{ topic: "   ", content: "x" }, "Topic can't be empty!"],
    [{ content: "x" }, "Missing topic"],
    [{ topic: "bell\u0007", content: "x" }, "Invalid character in topic, at position 5!"],
    [{ topic: "t", content: "  \n " }, "Message must not be empty"],
    [{ topic: "t", content: "a\u0000b" }, "Message must not contain null bytes"],
    [
      { topic: "t", content: "é".repeat(5001) },
      "Message is too long (limit: 10000 bytes of UTF-8, got 10002).",
    ],
  ])("refuses bad input %#, writing nothing", async (fields, msg) => {
    const before = await server.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages",
    );
    const { status, body } = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", ...fields },
      iago,
    );
    expect(status).toBe(400);
    expect(body["msg"]).toBe(msg);
    const after = await server.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages",
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("accepts exactly 60 characters and 10000 bytes", async () => {
    const { status } = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "t".repeat(60), content: "x".repeat(10_000) },
      iago,
    );
    expect(status).toBe(200);
  });

  it("keeps a private stream's messages from people outside it", async () => {
    await server.api(
      "POST",
      "messages",
      { type: "stream", to: "leadership", topic: "secret", content: "between us" },
      iago,
    );
    const outsider = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 50, num_after: 0, narrow: [["stream", "leadership"]] },
      polonius,
    );
    expect(messagesOf(outsider.body)).toEqual([]);
    const post = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "leadership", topic: "t", content: "let me in" },
      polonius,
    );
    expect(post.body["msg"]).toBe("Not authorized to send to stream 'leadership'");
    const member = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 50, num_after: 0, narrow: [["stream", "leadership"]] },
      hamlet,
    );
    expect(messagesOf(member.body).some((m) => m.content.includes("between us"))).toBe(true);
  });
});

describe("ids no row can have", () => {
  it("are reported as unknown, never as a 500", async () => {
    const huge = 99_999_999_999;
    const direct = await server.api(
      "POST",
      "messages",
      { type: "private", to: `[${huge}]`, content: "x" },
      iago,
    );
    expect(direct.status).toBe(400);
    expect(direct.body["msg"]).toBe(`Invalid user ID ${huge}`);
    const stream = await server.api(
      "POST",
      "messages",
      { type: "stream", to: String(huge), topic: "t", content: "x" },
      iago,
    );
    expect(stream.body).toMatchObject({ code: "STREAM_DOES_NOT_EXIST", stream_id: huge });
    const sender = await server.api(
      "GET",
      "messages",
      { anchor: "newest", narrow: [{ operator: "sender", operand: huge }] },
      iago,
    );
    expect(sender.status).toBe(400);
    expect(sender.body["code"]).toBe("BAD_NARROW");
    const byId = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 1, narrow: [{ operator: "id", operand: huge }] },
      iago,
    );
    expect(byId.status).toBe(200);
    expect(byId.body["messages"]).toEqual([]);
  });
});

describe("GET /messages", () => {
  it("pages around an anchor and reports the ends", async () => {
    const narrow = [{ operator: "stream", operand: "engineering" }];
    const all = messagesOf(
      (
        await server.api(
          "GET",
          "messages",
          { anchor: "oldest", num_before: 0, num_after: 100, narrow },
          iago,
        )
      ).body,
    );
    expect(all.length).toBeGreaterThan(3);
    const middle = all[2]!.id;
    const page = await server.api(
      "GET",
      "messages",
      { anchor: middle, num_before: 1, num_after: 1, narrow },
      iago,
    );
    expect(messagesOf(page.body).map((m) => m.id)).toEqual([all[1]!.id, middle, all[3]!.id]);
    expect(page.body).toMatchObject({ anchor: middle, found_anchor: true, found_oldest: false });
    const excluded = await server.api(
      "GET",
      "messages",
      { anchor: middle, num_before: 1, num_after: 0, include_anchor: false, narrow },
      iago,
    );
    expect(messagesOf(excluded.body).map((m) => m.id)).toEqual([all[1]!.id]);
  });

  it("returns raw Markdown when apply_markdown is false", async () => {
    const { body } = await server.api(
      "GET",
      "messages",
      {
        anchor: "newest",
        num_before: 1,
        num_after: 0,
        apply_markdown: false,
        narrow: [["stream", "general"]],
      },
      iago,
    );
    expect(messagesOf(body)[0]).toMatchObject({ content_type: "text/x-markdown" });
  });

  it("reports malformed parameters with a code, never a 500", async () => {
    const cases = [
      [{ anchor: "sideways", num_before: 1 }, "Invalid anchor"],
      [{ anchor: "newest", num_before: "many" }, 'Argument "num_before" is not valid JSON.'],
      [
        { anchor: "newest", num_before: 4000, num_after: 2000 },
        "Too many messages requested (maximum 5000).",
      ],
      [{ anchor: "newest", narrow: "[[" }, 'Argument "narrow" is not valid JSON.'],
      [
        { anchor: "newest", narrow: [["stream", "no-such-stream"]] },
        "Invalid narrow operator: unknown stream",
      ],
      [{ num_before: 1 }, "Missing 'anchor' argument."],
    ] as const;
    for (const [params, msg] of cases) {
      const { status, body } = await server.api("GET", "messages", params, iago);
      expect(status, msg).toBe(400);
      expect(body["msg"]).toBe(msg);
      expect(typeof body["code"]).toBe("string");
    }
  });
});

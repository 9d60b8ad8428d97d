import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../test/fake-clock";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
const clock = new FakeClock();
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const PEOPLE = ["iago", "hamlet", "othello", "cordelia", "polonius"];

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
});
afterAll(async () => {
  await server.close();
});

const as = (name: string): string => auth[name] ?? "";
const idOf = (name: string): number => ids[name] ?? 0;
const now = () => Math.floor(clock.now() / 1000);

async function send(sender: string, to: string, topic: string, content: string): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to, topic, content },
    as(sender),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

async function edit(editor: string, id: number, params: Record<string, string>): Promise<void> {
  const { body } = await server.api("PATCH", `messages/${id}`, params, as(editor));
  expect(body).toEqual({ result: "success", msg: "" });
}

type Snapshot = Record<string, unknown>;

async function history(viewer: string, id: number | string): Promise<Snapshot[]> {
  const { status, body } = await server.api("GET", `messages/${id}/history`, {}, as(viewer));
  expect(status, JSON.stringify(body)).toBe(200);
  return body["message_history"] as Snapshot[]; // our own server's response
}

const BASE_KEYS = ["content", "rendered_content", "timestamp", "topic", "user_id"];
const CONTENT_KEYS = ["content_html_diff", "prev_content", "prev_rendered_content"];
const keysOf = (snapshot: Snapshot | undefined) => Object.keys(snapshot ?? {}).sort();

describe("GET /messages/{id}/history", () => {
  it("gives one snapshot, the original, for an unedited message", async () => {
    const sent = now();
    const id = await send("hamlet", "general", "history", "as sent");
    expect(await history("othello", id)).toEqual([
      {
        topic: "history",
        content: "as sent",
        rendered_content: "<p>as sent</p>",
        timestamp: sent,
        user_id: idOf("hamlet"),
      },
    ]);
  });

  it("lists each edit oldest first with exactly the fields of the parts it changed", async () => {
    const sent = now();
    const id = await send("hamlet", "general", "first topic", "first words");
    clock.advance(10_000);
    await edit("hamlet", id, { content: "second words" });
    const contentTime = now();
    clock.advance(10_000);
    await edit("cordelia", id, { topic: "second topic" });
    const topicTime = now();
    clock.advance(10_000);
    await edit("hamlet", id, { content: "third words", topic: "third topic" });
    const bothTime = now();

    const snapshots = await history("othello", id);
    expect(snapshots.map(keysOf)).toEqual([
      BASE_KEYS,
      [...BASE_KEYS, ...CONTENT_KEYS].sort(),
      [...BASE_KEYS, "prev_topic"].sort(),
      [...BASE_KEYS, ...CONTENT_KEYS, "prev_topic"].sort(),
    ]);
    expect(snapshots).toEqual([
      {
        topic: "first topic",
        content: "first words",
        rendered_content: "<p>first words</p>",
        timestamp: sent,
        user_id: idOf("hamlet"),
      },
      {
        topic: "first topic",
        content: "second words",
        rendered_content: "<p>second words</p>",
        timestamp: contentTime,
        user_id: idOf("hamlet"),
        prev_content: "first words",
        prev_rendered_content: "<p>first words</p>",
        content_html_diff:
          '<div><p><span class="highlight_text_deleted">first</span> ' +
          '<span class="highlight_text_inserted">second</span> words</p></div>',
      },
      {
        topic: "second topic",
        content: "second words",
        rendered_content: "<p>second words</p>",
        timestamp: topicTime,
        user_id: idOf("cordelia"),
        prev_topic: "first topic",
      },
      {
        topic: "third topic",
        content: "third words",
        rendered_content: "<p>third words</p>",
        timestamp: bothTime,
        user_id: idOf("hamlet"),
        prev_topic: "second topic",
        prev_content: "second words",
        prev_rendered_content: "<p>second words</p>",
        content_html_diff:
          '<div><p><span class="highlight_text_deleted">second</span> ' +
          '<span class="highlight_text_inserted">third</span> words</p></div>',
      },
    ]);
  });

  it("records a propagated topic edit in every moved message's history", async () => {
    const first = await send("hamlet", "general", "spread", "one");
    const second = await send("othello", "general", "spread", "two");
    clock.advance(1000);
    await edit("othello", second, { topic: "spread out", propagate_mode: "change_all" });
    for (const [id, sender] of [
      [first, "hamlet"],
      [second, "othello"],
    ] as const) {
      const snapshots = await history("iago", id);
      expect(snapshots).toHaveLength(2);
      expect(snapshots[0]).toMatchObject({ topic: "spread", user_id: idOf(sender) });
      expect(snapshots[1]).toEqual({
        topic: "spread out",
        content: id === first ? "one" : "two",
        rendered_content: id === first ? "<p>one</p>" : "<p>two</p>",
        timestamp: now(),
        user_id: idOf("othello"),
        prev_topic: "spread",
      });
    }
  });

  it("agrees with the stored new values of every edit", async () => {
    const id = await send("hamlet", "general", "stored", "v1");
    for (const [index, content] of ["v2", "v3 & more", "v4"].entries()) {
      await edit("hamlet", id, { content, ...(index === 1 ? { topic: "stored 2" } : {}) });
    }
    const rows = await server.ctx.db.query<{ content: string; topic: string | null }>(
      "SELECT content, topic FROM message_edits WHERE message_id = $1 ORDER BY id",
      [id],
    );
    const snapshots = await history("hamlet", id);
    expect(snapshots.slice(1).map((s) => s["content"])).toEqual(rows.map((r) => r.content));
    expect(snapshots.map((s) => s["topic"])).toEqual(["stored", "stored", "stored 2", "stored 2"]);
  });

  it("chains concurrent edits: each records the content the one before it left", async () => {
    const id = await send("hamlet", "general", "race", "v0");
    await Promise.all(["v1", "v2", "v3", "v4"].map((content) => edit("hamlet", id, { content })));
    const rows = await server.ctx.db.query<{ prev_content: string; content: string }>(
      "SELECT prev_content, content FROM message_edits WHERE message_id = $1 ORDER BY id",
      [id],
    );
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.prev_content)).toEqual([
      "v0",
      ...rows.slice(0, -1).map((r) => r.content),
    ]);
    const snapshots = await history("hamlet", id);
    expect(snapshots.map((s) => s["content"])).toEqual(["v0", ...rows.map((r) => r.content)]);
  });

  it("refuses unknown and invisible messages", async () => {
    const secret = await send("iago", "leadership", "t", "hidden");
    const engineering = await send("hamlet", "engineering", "t", "members only");
    for (const [viewer, id] of [
      ["othello", secret],
      ["polonius", engineering],
      ["hamlet", 999_999_999],
      ["hamlet", "nope"],
    ] as const) {
      const { status, body } = await server.api("GET", `messages/${id}/history`, {}, as(viewer));
      expect(status).toBe(400);
      expect(body).toEqual({ result: "error", msg: "Invalid message(s)", code: "BAD_REQUEST" });
    }
  });
});

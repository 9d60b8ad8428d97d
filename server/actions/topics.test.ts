import { describe, expect, it } from "vitest";
import { findStreamByName, listTopics } from "../db/streams";
import { findUserByEmail } from "../db/users";
import { demoSuite } from "../test/demo-suite";
import { sendToStream } from "../test/message-action-helpers";
import { recordingDb } from "../test/recording-db";
import { topicsWritten } from "../db/topic-cache";
import { getStreamTopics } from "./topics";

// The topics of a stream follow every change to its messages at once: they are read from the
// messages themselves (Zulip's `get_topic_history_for_stream`, zerver/lib/topic.py, groups the
// stream's messages by topic; the newest spelling names a topic, generate_topic_history_from_db_rows).
const suite = demoSuite(["hamlet", "othello", "cordelia"]);
const { as } = suite;
type Params = Record<string, string | number | boolean | object>;

const api = (method: "POST" | "PATCH" | "DELETE", who: string, path: string, params: Params) =>
  suite.server.api(method, path, params, as(who));
async function send(stream: string, topic: string, who = "hamlet"): Promise<number> {
  return sendToStream(suite.server, as(who), stream, topic, `${topic} ${who}`);
}
async function topicsOf(who: string, stream: string) {
  const found = await findStreamByName(suite.server.ctx.db, stream);
  const { status, body } = await suite.server.api(
    "GET",
    `users/me/${String(found?.id ?? 0)}/topics`,
    {},
    as(who),
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body["topics"]; // compared with toEqual
}
async function newStream(name: string, params: Params = {}): Promise<void> {
  const reply = await api("POST", "hamlet", "users/me/subscriptions", {
    subscriptions: [{ name }],
    principals: ["hamlet@parley.test", "othello@parley.test", "cordelia@parley.test"],
    ...params,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}
const QUIET = { send_notification_to_old_thread: false, send_notification_to_new_thread: false };

describe("the topics of a stream", () => {
  it("are empty for a stream without messages", async () => {
    await newStream("topics-empty");
    expect(await topicsOf("hamlet", "topics-empty")).toEqual([]);
  });

  it("follow a send at once: a new topic, and a topic's newest message", async () => {
    await newStream("topics-send");
    const first = await send("topics-send", "one");
    expect(await topicsOf("othello", "topics-send")).toEqual([{ name: "one", max_id: first }]);
    const second = await send("topics-send", "two", "othello");
    expect(await topicsOf("othello", "topics-send")).toEqual([
      { name: "two", max_id: second },
      { name: "one", max_id: first },
    ]);
    const third = await send("topics-send", "One", "cordelia");
    expect(await topicsOf("hamlet", "topics-send")).toEqual([
      { name: "One", max_id: third },
      { name: "two", max_id: second },
    ]);
  });

  it("merge names differing in case under the newest spelling, newest first", async () => {
    await newStream("topics-case");
    const ids: number[] = [];
    for (const topic of ["Zeta", "alpha", "ALPHA", "beta", "zeta", "Beta", "gamma"]) {
      ids.push(await send("topics-case", topic));
    }
    expect(await topicsOf("othello", "topics-case")).toEqual([
      { name: "gamma", max_id: ids[6] },
      { name: "Beta", max_id: ids[5] },
      { name: "zeta", max_id: ids[4] },
      { name: "ALPHA", max_id: ids[2] },
    ]);
  });

  it("follow an edit of a topic, of one message or of all", async () => {
    await newStream("topics-edit");
    const first = await send("topics-edit", "draft");
    const second = await send("topics-edit", "draft");
    const other = await send("topics-edit", "other");
    // Each change is made after a read of the topics (which the server may keep).
    expect(await topicsOf("hamlet", "topics-edit")).toEqual([
      { name: "other", max_id: other },
      { name: "draft", max_id: second },
    ]);
    // The newest message of "draft" renamed in case only: the topic takes the new spelling.
    const recase = { topic: "Draft", ...QUIET };
    expect((await api("PATCH", "hamlet", `messages/${second}`, recase)).status).toBe(200);
    expect(await topicsOf("hamlet", "topics-edit")).toEqual([
      { name: "other", max_id: other },
      { name: "Draft", max_id: second },
    ]);
    // Moved to another topic: "draft" is left with its older message, in its spelling.
    await api("PATCH", "hamlet", `messages/${second}`, { topic: "final", ...QUIET });
    expect(await topicsOf("hamlet", "topics-edit")).toEqual([
      { name: "other", max_id: other },
      { name: "final", max_id: second },
      { name: "draft", max_id: first },
    ]);
    // The whole topic renamed: the old name is gone.
    await api("PATCH", "hamlet", `messages/${first}`, {
      topic: "final",
      propagate_mode: "change_all",
      ...QUIET,
    });
    expect(await topicsOf("hamlet", "topics-edit")).toEqual([
      { name: "other", max_id: other },
      { name: "final", max_id: second },
    ]);
  });

  it("follow a move of a topic to another stream", async () => {
    await newStream("topics-from");
    await newStream("topics-to");
    const stay = await send("topics-from", "stay");
    const going = await send("topics-from", "going");
    const to = await findStreamByName(suite.server.ctx.db, "topics-to");
    expect(await topicsOf("hamlet", "topics-from")).toHaveLength(2);
    expect(await topicsOf("hamlet", "topics-to")).toEqual([]);
    const reply = await api("PATCH", "hamlet", `messages/${going}`, {
      stream_id: to?.id ?? 0,
      propagate_mode: "change_all",
      ...QUIET,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await topicsOf("hamlet", "topics-from")).toEqual([{ name: "stay", max_id: stay }]);
    expect(await topicsOf("hamlet", "topics-to")).toEqual([{ name: "going", max_id: going }]);
  });

  it("follow a deletion: the previous message names the topic, the last one takes it away", async () => {
    await newStream("topics-delete");
    const older = await send("topics-delete", "notes");
    const newer = await send("topics-delete", "NOTES");
    const lone = await send("topics-delete", "lone");
    expect(await topicsOf("hamlet", "topics-delete")).toEqual([
      { name: "lone", max_id: lone },
      { name: "NOTES", max_id: newer },
    ]);
    expect((await api("DELETE", "hamlet", `messages/${newer}`, {})).status).toBe(200);
    expect(await topicsOf("hamlet", "topics-delete")).toEqual([
      { name: "lone", max_id: lone },
      { name: "notes", max_id: older },
    ]);
    expect((await api("DELETE", "hamlet", `messages/${lone}`, {})).status).toBe(200);
    expect(await topicsOf("hamlet", "topics-delete")).toEqual([{ name: "notes", max_id: older }]);
  });

  it("with protected history count only the messages the caller received", async () => {
    await newStream("topics-protected", {
      invite_only: true,
      history_public_to_subscribers: false,
    });
    const received = await send("topics-protected", "Plans");
    const unsubscribe = await api("DELETE", "cordelia", "users/me/subscriptions", {
      subscriptions: ["topics-protected"],
    });
    expect(unsubscribe.status).toBe(200);
    const missed = await send("topics-protected", "PLANS");
    const only = await send("topics-protected", "while away");
    await api("POST", "hamlet", "users/me/subscriptions", {
      subscriptions: [{ name: "topics-protected" }],
      principals: ["cordelia@parley.test"],
    });
    // Cordelia's newest message of the topic is the one she received, with its spelling.
    expect(await topicsOf("cordelia", "topics-protected")).toEqual([
      { name: "Plans", max_id: received },
    ]);
    expect(await topicsOf("hamlet", "topics-protected")).toEqual([
      { name: "while away", max_id: only },
      { name: "PLANS", max_id: missed },
    ]);
  });
});

describe("the read of a stream's topics", () => {
  it("reads two index entries per topic, not every message of the stream", async () => {
    await newStream("topics-busy");
    for (let i = 0; i < 90; i++) await send("topics-busy", `t${String(i % 3)}`);
    const stream = await findStreamByName(suite.server.ctx.db, "topics-busy");
    const statements: { sql: string; params: readonly unknown[] }[] = [];
    const rows = await listTopics(
      {
        query: (sql, params = []) => {
          statements.push({ sql, params });
          return Promise.resolve([]);
        },
      },
      stream?.id ?? 0,
      undefined,
    );
    expect(rows).toEqual([]);
    const [statement] = statements;
    // The test's stream is a few pages, read whole more cheaply than through an index; with the
    // planner made to use the indexes, the query's shape decides how much of them it reads.
    const plan = await suite.server.ctx.db.transaction(async (tx) => {
      await tx.query("SET LOCAL enable_seqscan = off");
      await tx.query("SET LOCAL enable_bitmapscan = off");
      return tx.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${statement?.sql ?? ""}`,
        statement?.params ?? [],
      );
    });
    // Each scan of `messages`: the rows it returned over all its loops.
    const lines = plan.map((row) => row["QUERY PLAN"]);
    const scanned = lines
      .filter((line) => /Scan.* on messages\b/.test(line))
      .map((line) => {
        const match = /rows=([\d.]+) loops=(\d+)/.exec(line);
        return Number(match?.[1] ?? Number.NaN) * Number(match?.[2] ?? Number.NaN);
      });
    expect(scanned.length, lines.join("\n")).toBeGreaterThan(0);
    // Four topics' worth (three topics and the step that finds no more), far below 90.
    expect(Math.max(...scanned), lines.join("\n")).toBeLessThanOrEqual(8);
  });
});

describe("the topics' statements", () => {
  it("read nothing once the stream and its topics are cached", async () => {
    await newStream("cached topics");
    await send("cached topics", "one");
    const db = suite.server.ctx.db;
    const [stream, user] = await Promise.all([
      findStreamByName(db, "cached topics"),
      findUserByEmail(db, "hamlet@parley.test"),
    ]);
    if (!stream || !user) throw new Error("no stream or no hamlet");
    const statements: string[] = [];
    const ctx = { ...suite.server.ctx, db: recordingDb(db, statements) };
    await getStreamTopics(ctx, user, stream.id);
    statements.length = 0;
    const topics = await getStreamTopics(ctx, user, stream.id);
    expect(topics.map((topic) => topic.name)).toEqual(["one"]);
    expect(statements).toEqual([]);
    // A message to the stream: the topics are read again, and only they.
    topicsWritten(ctx.db, stream.id);
    await getStreamTopics(ctx, user, stream.id);
    expect(statements).toHaveLength(1);
  });

  it("follow an unsubscription from a private stream at once", async () => {
    await newStream("cached private", { invite_only: true });
    await send("cached private", "secret");
    expect(await topicsOf("othello", "cached private")).toHaveLength(1);
    const leave = await api("DELETE", "othello", "users/me/subscriptions", {
      subscriptions: ["cached private"],
    });
    expect(leave.status).toBe(200);
    const found = await findStreamByName(suite.server.ctx.db, "cached private");
    const { status, body } = await suite.server.api(
      "GET",
      `users/me/${String(found?.id ?? 0)}/topics`,
      {},
      as("othello"),
    );
    expect(status).toBe(400);
    expect(body["msg"]).toBe("Invalid stream ID");
  });
});

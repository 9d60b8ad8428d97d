import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, sendToStream } from "../test/message-action-helpers";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let hamlet: string;
let othello: string;
const streams: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  const { body } = await server.api("GET", "streams", {}, hamlet);
  for (const stream of body["streams"] as { name: string; stream_id: number }[]) {
    streams[stream.name] = stream.stream_id;
  }
  const all = await server.ctx.db.query<{ id: number; name: string }>(
    "SELECT id, name FROM streams",
  );
  for (const row of all) streams[row.name] ??= row.id;
});
afterAll(async () => {
  await server.close();
});

const setPolicy = (auth: string, streamId: number, topic: string, policy: number) =>
  server.api(
    "POST",
    "user_topics",
    { stream_id: streamId, topic, visibility_policy: policy },
    auth,
  );

async function userTopics(auth: string): Promise<Record<string, unknown>[]> {
  const { state } = await registerQueue(server, auth, { fetch_event_types: ["user_topic"] });
  return state["user_topics"] as Record<string, unknown>[];
}

describe("POST /user_topics", () => {
  it("sets each policy, sends a user_topic event, and register lists it", async () => {
    const general = streams["general"]!;
    const { queueId } = await registerQueue(server, hamlet, { event_types: ["user_topic"] });
    for (const policy of [1, 2, 3, 0]) {
      const reply = await setPolicy(hamlet, general, "lunch", policy);
      expect(reply.body["result"], JSON.stringify(reply.body)).toBe("success");
      const listed = await userTopics(hamlet);
      expect(listed).toEqual(
        policy === 0
          ? []
          : [
              {
                stream_id: general,
                topic_name: "lunch",
                visibility_policy: policy,
                last_updated: expect.any(Number) as number,
              },
            ],
      );
    }
    const events = await queuedEvents(server, hamlet, queueId);
    expect(events.map((event) => event["visibility_policy"])).toEqual([1, 2, 3, 0]);
    expect(events[0]).toMatchObject({
      type: "user_topic",
      stream_id: general,
      topic_name: "lunch",
      last_updated: expect.any(Number) as number,
    });
  });

  it("compares the topic case-insensitively, keeping the spelling given last", async () => {
    const general = streams["general"]!;
    await setPolicy(hamlet, general, "Dinner", 1);
    await setPolicy(hamlet, general, "DINNER", 3);
    expect(await userTopics(hamlet)).toMatchObject([
      { stream_id: general, topic_name: "DINNER", visibility_policy: 3 },
    ]);
    await setPolicy(hamlet, general, "dinner", 0);
    expect(await userTopics(hamlet)).toEqual([]);
  });

  it("sends nothing when the policy does not change", async () => {
    const general = streams["general"]!;
    await setPolicy(hamlet, general, "same", 1);
    const { queueId } = await registerQueue(server, hamlet, { event_types: ["user_topic"] });
    await setPolicy(hamlet, general, "SAME", 1);
    await setPolicy(hamlet, general, "never set", 0);
    expect(await queuedEvents(server, hamlet, queueId)).toEqual([]);
    await setPolicy(hamlet, general, "same", 0);
  });

  it("is per user", async () => {
    await setPolicy(hamlet, streams["general"]!, "mine", 1);
    expect(await userTopics(othello)).toEqual([]);
    await setPolicy(hamlet, streams["general"]!, "mine", 0);
  });

  it("refuses bad input as Zulip does, changing nothing", async () => {
    const general = streams["general"]!;
    expectError(await setPolicy(hamlet, general, "x", 4), "Invalid visibility_policy");
    expectError(await setPolicy(hamlet, 999_999, "x", 1), "Invalid stream ID");
    expectError(
      await setPolicy(hamlet, general, "x".repeat(61), 1),
      "Topic is too long (limit: 60 characters, got 61).",
    );
    expectError(await setPolicy(hamlet, general, "  ", 1), "Topic can't be empty!");
    const missing = await server.api(
      "POST",
      "user_topics",
      { stream_id: general, topic: "x" },
      hamlet,
    );
    expect(missing.body).toMatchObject({ code: "REQUEST_VARIABLE_MISSING" });
    expect(await userTopics(hamlet)).toEqual([]);
  });

  it("refuses a private stream the user is not in, but lets anyone clear a policy", async () => {
    const [hidden] = await server.ctx.db.query<{ id: number }>(
      `SELECT s.id FROM streams s WHERE s.invite_only AND NOT EXISTS (
         SELECT 1 FROM subscriptions sub JOIN users u ON u.id = sub.user_id
          WHERE sub.stream_id = s.id AND sub.active AND u.email = 'othello@parley.test')`,
    );
    expectError(await setPolicy(othello, hidden!.id, "x", 1), "Invalid stream ID");
    expect((await setPolicy(othello, hidden!.id, "x", 0)).body["result"]).toBe("success");
    expect(await userTopics(othello)).toEqual([]);
  });

  it("gives old clients the muted topics as [stream, topic, time]", async () => {
    await setPolicy(hamlet, streams["general"]!, "quiet", 1);
    await setPolicy(hamlet, streams["general"]!, "loud", 3);
    const { state } = await registerQueue(server, hamlet, { fetch_event_types: ["muted_topics"] });
    expect(state["muted_topics"]).toEqual([["general", "quiet", expect.any(Number)]]);
    expect(state["user_topics"]).toBeUndefined();
    const both = await registerQueue(server, hamlet, {
      fetch_event_types: ["muted_topics", "user_topic"],
    });
    expect(both.state["muted_topics"]).toBeUndefined();
    await setPolicy(hamlet, streams["general"]!, "quiet", 0);
    await setPolicy(hamlet, streams["general"]!, "loud", 0);
  });

  it("moves the policies with a whole topic, not with part of it", async () => {
    const general = streams["general"]!;
    const first = await sendToStream(server, othello, "general", "old name");
    await sendToStream(server, othello, "general", "old name");
    await setPolicy(hamlet, general, "old name", 3);
    const { queueId } = await registerQueue(server, hamlet, { event_types: ["user_topic"] });
    const part = await server.api(
      "PATCH",
      `messages/${first}`,
      { topic: "split off", propagate_mode: "change_one" },
      othello,
    );
    expect(part.body["result"], JSON.stringify(part.body)).toBe("success");
    expect(await userTopics(hamlet)).toMatchObject([{ topic_name: "old name" }]);
    const whole = await server.api(
      "PATCH",
      `messages/${first}`,
      { topic: "new name", propagate_mode: "change_all" },
      othello,
    );
    expect(whole.body["result"], JSON.stringify(whole.body)).toBe("success");
    // change_all from "split off" moves that topic; move "old name" too.
    expect(await userTopics(hamlet)).toMatchObject([{ topic_name: "old name" }]);
    const [rest] = await server.ctx.db.query<{ id: number }>(
      "SELECT id FROM messages WHERE subject = 'old name' ORDER BY id LIMIT 1",
    );
    await server.api(
      "PATCH",
      `messages/${rest!.id}`,
      { topic: "new name", propagate_mode: "change_all" },
      othello,
    );
    expect(await userTopics(hamlet)).toMatchObject([
      { stream_id: general, topic_name: "new name", visibility_policy: 3 },
    ]);
    const events = await queuedEvents(server, hamlet, queueId);
    expect(events.map((event) => [event["topic_name"], event["visibility_policy"]])).toEqual([
      ["old name", 0],
      ["new name", 3],
    ]);
  });
});

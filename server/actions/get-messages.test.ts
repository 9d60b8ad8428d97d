import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDirect, sendToStream } from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
const auth: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ["hamlet", "cordelia", "polonius"]) {
    auth[name] = await server.auth(`${name}@parley.test`);
  }
});
afterAll(async () => {
  await server.close();
});

const as = (name: string): string => auth[name] ?? "";

async function ids(viewer: string, narrow: object[]): Promise<number[]> {
  const { body } = await server.api(
    "GET",
    "messages",
    { anchor: "newest", num_before: 100, num_after: 0, narrow },
    as(viewer),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return (body["messages"] as { id: number }[]).map((m) => m.id); // our own server's list
}

describe("the streams:public narrow (Zulip's streams operator)", () => {
  it("finds every public stream's messages, never a private one's, received or not", async () => {
    const engineering = await sendToStream(server, as("hamlet"), "engineering", "pub");
    const general = await sendToStream(server, as("hamlet"), "general", "pub");
    const leadership = await sendToStream(server, as("hamlet"), "leadership", "pub");
    const dm = await sendDirect(server, as("hamlet"), ["cordelia@parley.test"]);
    const publicOnly = [{ operator: "streams", operand: "public" }];

    const hamlet = await ids("hamlet", publicOnly);
    expect(hamlet).toEqual(expect.arrayContaining([engineering, general]));
    expect(hamlet).not.toContain(leadership);
    expect(hamlet).not.toContain(dm);
    // Cordelia is not subscribed to engineering: its history is hers to read all the same.
    const cordelia = await ids("cordelia", [{ operator: "channels", operand: "public" }]);
    expect(cordelia).toEqual(expect.arrayContaining([engineering, general]));
    expect(cordelia).not.toContain(dm);
    // A guest cannot read public streams he is not in: his own rows only.
    const polonius = await ids("polonius", publicOnly);
    expect(polonius).toContain(general);
    expect(polonius).not.toContain(engineering);

    const negated = await ids("hamlet", [{ ...publicOnly[0], negated: true }]);
    expect(negated).toEqual(expect.arrayContaining([leadership, dm]));
    expect(negated).not.toContain(engineering);
    expect(negated).not.toContain(general);
  });

  it("refuses an operand other than public and web-public", async () => {
    expect(await ids("hamlet", [{ operator: "streams", operand: "web-public" }])).toEqual([]);
    const { status, body } = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 1, num_after: 0, narrow: [["streams", "private"]] },
      as("hamlet"),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "BAD_NARROW",
      msg: "Invalid narrow operator: unknown streams operand private",
    });
  });
});

describe("stream narrows (Zulip's by_channel compares the message's recipient)", () => {
  it("a negated stream keeps the direct messages and the other streams' messages", async () => {
    const general = await sendToStream(server, as("hamlet"), "general", "not here");
    const engineering = await sendToStream(server, as("hamlet"), "engineering", "here");
    const dm = await sendDirect(server, as("hamlet"), ["cordelia@parley.test"], "here too");

    const found = await ids("hamlet", [{ operator: "stream", operand: "general", negated: true }]);
    expect(found).toEqual(expect.arrayContaining([engineering, dm]));
    expect(found).not.toContain(general);
  });

  it("finds a stream's topic whatever the topic's case, and nothing of other streams", async () => {
    const topic = await sendToStream(server, as("hamlet"), "general", "Case Study");
    await sendToStream(server, as("hamlet"), "engineering", "case study");
    const found = await ids("hamlet", [
      { operator: "stream", operand: "general" },
      { operator: "topic", operand: "CASE study" },
    ]);
    expect(found).toEqual([topic]);
  });
});

describe("anchor=first_unread (Zulip's find_first_unread_anchor, exclude_muting_conditions)", () => {
  const anchorOf = async (narrow: object[]) => {
    const params = { anchor: "first_unread", num_before: 0, num_after: 0, narrow };
    const { body } = await server.api("GET", "messages", params, as("hamlet"));
    expect(body["result"], JSON.stringify(body)).toBe("success");
    return body["anchor"];
  };
  const setMuted = (muted: boolean) =>
    server.ctx.db.query(
      `UPDATE subscriptions SET is_muted = $1
        WHERE user_id = (SELECT id FROM users WHERE email = 'hamlet@parley.test')
          AND stream_id = (SELECT id FROM streams WHERE name = 'engineering')`,
      [muted],
    );

  it("skips a muted stream's unread messages, unless the narrow has a stream term", async () => {
    await server.api("POST", "mark_all_as_read", {}, as("hamlet"));
    const muted = await sendToStream(server, as("cordelia"), "engineering", "mute", "muted");
    const shown = await sendToStream(server, as("cordelia"), "general", "mute", "shown");
    await setMuted(true);
    try {
      expect(await anchorOf([])).toBe(shown);
      expect(await anchorOf([{ operator: "is", operand: "unread" }])).toBe(shown);
      expect(await anchorOf([{ operator: "stream", operand: "engineering" }])).toBe(muted);
      // Zulip looks for any stream term, negated or not: then stream muting does not apply.
      expect(await anchorOf([{ operator: "stream", operand: "general", negated: true }])).toBe(
        muted,
      );
    } finally {
      await setMuted(false);
    }
  });

  it("skips muted topics, and keeps a muted stream's unmuted and followed topics", async () => {
    const policy = (stream: string, topic: string, visibility: number) =>
      server.ctx.db
        .query<{ id: number }>("SELECT id FROM streams WHERE name = $1", [stream])
        .then(([row]) =>
          server.api(
            "POST",
            "user_topics",
            { stream_id: row!.id, topic, visibility_policy: visibility },
            as("hamlet"),
          ),
        );
    await server.api("POST", "mark_all_as_read", {}, as("hamlet"));
    const inMutedTopic = await sendToStream(server, as("cordelia"), "general", "Hushed", "a");
    const followed = await sendToStream(server, as("cordelia"), "engineering", "kept", "b");
    const shown = await sendToStream(server, as("cordelia"), "general", "open", "c");
    await policy("general", "hushed", 1);
    await setMuted(true);
    try {
      expect(await anchorOf([])).toBe(shown);
      expect(await anchorOf([{ operator: "stream", operand: "general" }])).toBe(shown);
      await policy("engineering", "KEPT", 3);
      expect(await anchorOf([])).toBe(followed);
      await policy("general", "hushed", 0);
      expect(await anchorOf([])).toBe(inMutedTopic);
    } finally {
      await setMuted(false);
      await policy("engineering", "kept", 0);
    }
  });
});

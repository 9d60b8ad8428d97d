import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDirect, sendToStream } from "../test/message-action-helpers";
import { IS_PRIVATE_FLAG } from "../db/flags";
import { startTestServer, type TestServer } from "../test/test-server";
import { userIdOf } from "../test/unread-msgs";

// `recent_private_conversations` of POST /register: Zulip's shape, newest first.

let server: TestServer;
let hamlet: string;
let othello: string;
let cordelia: string;
let ids: Record<"hamlet" | "othello" | "cordelia" | "iago", number>;

interface Conversation {
  max_message_id: number;
  user_ids: number[];
}

beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
  ids = {
    hamlet: await userIdOf(server, "hamlet@parley.test"),
    othello: await userIdOf(server, "othello@parley.test"),
    cordelia: await userIdOf(server, "cordelia@parley.test"),
    iago: await userIdOf(server, "iago@parley.test"),
  };
});
afterAll(async () => {
  await server.close();
});

async function recent(auth: string, fetchTypes?: string[]): Promise<unknown> {
  const params = fetchTypes === undefined ? {} : { fetch_event_types: fetchTypes };
  const { body } = await server.api("POST", "register", params, auth);
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["recent_private_conversations"];
}

async function conversations(auth: string): Promise<Conversation[]> {
  const value = await recent(auth, ["recent_private_conversations"]);
  expect(Array.isArray(value)).toBe(true);
  return value as Conversation[]; // checked to be a list just above; entries checked by the tests
}

describe("recent_private_conversations", () => {
  it("lists one-to-one, self and group conversations newest first, others sorted", async () => {
    const toOthello = await sendDirect(server, hamlet, ["othello@parley.test"], "one");
    const group = await sendDirect(
      server,
      cordelia,
      ["hamlet@parley.test", "iago@parley.test"],
      "group",
    );
    const toSelf = await sendDirect(server, hamlet, ["hamlet@parley.test"], "note to self");
    const fromOthello = await sendDirect(server, othello, ["hamlet@parley.test"], "reply");

    const list = await conversations(hamlet);
    expect(list.slice(0, 3)).toEqual([
      { max_message_id: fromOthello, user_ids: [ids.othello] },
      { max_message_id: toSelf, user_ids: [] },
      {
        max_message_id: group,
        user_ids: [ids.cordelia, ids.iago].sort((a, b) => a - b),
      },
    ]);
    // The conversation with Othello appears once, at its newest message, not at the older one.
    const withOthello = list.filter((entry) => entry.user_ids.join() === String(ids.othello));
    expect(withOthello).toEqual([{ max_message_id: fromOthello, user_ids: [ids.othello] }]);
    expect(fromOthello).toBeGreaterThan(toOthello);
    const maxIds = list.map((entry) => entry.max_message_id);
    expect(maxIds).toEqual([...maxIds].sort((a, b) => b - a));
  });

  it("shows each participant the conversation from their side, and no one else's", async () => {
    const sent = await sendDirect(server, othello, ["cordelia@parley.test"], "between us");
    const cordeliaList = await conversations(cordelia);
    expect(cordeliaList[0]).toEqual({ max_message_id: sent, user_ids: [ids.othello] });
    const othelloList = await conversations(othello);
    expect(othelloList[0]).toEqual({ max_message_id: sent, user_ids: [ids.cordelia] });
    const hamletList = await conversations(hamlet);
    expect(hamletList.some((entry) => entry.max_message_id === sent)).toBe(false);
  });

  it("moves a conversation to the top when it gets a new message; stream messages don't count", async () => {
    const older = await sendDirect(server, hamlet, ["cordelia@parley.test"], "first");
    await sendDirect(server, hamlet, ["othello@parley.test"], "second");
    const newer = await sendDirect(server, cordelia, ["hamlet@parley.test"], "third");
    await sendToStream(server, hamlet, "general", "not a conversation");
    const list = await conversations(hamlet);
    expect(list[0]).toEqual({ max_message_id: newer, user_ids: [ids.cordelia] });
    expect(list.some((entry) => entry.max_message_id === older)).toBe(false);
  });

  it("reads only the newest 1000 direct-message rows of each side, as Zulip does", async () => {
    const polonius = await userIdOf(server, "polonius@parley.test");
    const old = await sendDirect(server, othello, ["polonius@parley.test"], "long ago");
    // 1000 newer direct messages from Othello to Iago, written in bulk as a send writes them.
    const db = server.ctx.db;
    const sent = await db.query<{ id: number }>(
      `INSERT INTO messages (sender_id, recipient_id, subject, content, rendered_content,
                             date_sent, sending_client)
       SELECT $1, r.id, '', 'x', '<p>x</p>', 0, 'test'
         FROM recipients r, generate_series(1, 1000) WHERE r.type = 1 AND r.type_id = $2
       RETURNING id`,
      [ids.othello, ids.iago],
    );
    await db.query(
      `INSERT INTO user_messages (user_id, message_id, flags)
       SELECT u, m, $3 FROM unnest($1::int[]) AS m, unnest($2::int[]) AS u`,
      [sent.map((row) => row.id), [ids.othello, ids.iago], IS_PRIVATE_FLAG],
    );
    const newest = Math.max(...sent.map((row) => row.id));

    const list = await conversations(othello);
    expect(list[0]).toEqual({ max_message_id: newest, user_ids: [ids.iago] });
    expect(list.some((entry) => entry.user_ids.join() === String(polonius))).toBe(false);
    // Polonius received it: on his side it is among his newest messages, so it is listed.
    const poloniusList = await conversations(await server.auth("polonius@parley.test"));
    expect(poloniusList[0]).toEqual({ max_message_id: old, user_ids: [ids.othello] });
  });

  it("is sent when every type is fetched, and left out when not asked for", async () => {
    expect(Array.isArray(await recent(hamlet))).toBe(true);
    expect(await recent(hamlet, ["message"])).toBeUndefined();
  });
});

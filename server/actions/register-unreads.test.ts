import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDirect, sendToStream } from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

// `unread_msgs` of POST /register leaves out the streams the user has left, as Zulip's
// `get_raw_unread_data` does (`get_inactive_recipient_ids`): leaving does not mark a stream's
// messages read, so they come back when the user joins again.

let server: TestServer;
let iago: string;
let othello: string;

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  othello = await server.auth("othello@parley.test");
});
afterAll(async () => {
  await server.close();
});

interface Unreads {
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms: { unread_message_ids: number[] }[];
  count: number;
}

async function unreadIds(
  auth: string,
): Promise<{ stream: number[]; direct: number[]; count: number }> {
  const { body } = await server.api(
    "POST",
    "register",
    { fetch_event_types: ["message", "update_message_flags"] },
    auth,
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  const unreads = body["unread_msgs"] as Unreads; // our server's answer, checked by the wire tests
  return {
    stream: unreads.streams.flatMap((entry) => entry.unread_message_ids),
    direct: unreads.pms.flatMap((entry) => entry.unread_message_ids),
    count: unreads.count,
  };
}

async function setSubscribed(auth: string, stream: string, subscribed: boolean): Promise<void> {
  const reply = subscribed
    ? await server.api(
        "POST",
        "users/me/subscriptions",
        { subscriptions: [{ name: stream }] },
        auth,
      )
    : await server.api("DELETE", "users/me/subscriptions", { subscriptions: [stream] }, auth);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

describe("unread_msgs and the streams a user left", () => {
  it("leaves out a left stream's unreads and shows them again once the user rejoins", async () => {
    const inEngineering = await sendToStream(server, iago, "engineering", "left behind");
    const inGeneral = await sendToStream(server, iago, "general", "still here");
    const direct = await sendDirect(server, iago, ["othello@parley.test"], "a word");
    const before = await unreadIds(othello);
    expect(before.stream).toEqual(expect.arrayContaining([inEngineering, inGeneral]));

    await setSubscribed(othello, "engineering", false);
    const left = await unreadIds(othello);
    expect(left.stream).not.toContain(inEngineering);
    expect(left.stream).toContain(inGeneral);
    expect(left.direct).toContain(direct);
    expect(left.count).toBe(before.count - (before.stream.length - left.stream.length));

    await setSubscribed(othello, "engineering", true);
    const back = await unreadIds(othello);
    expect(back.stream).toContain(inEngineering);
    expect(back.count).toBe(before.count);
  });
});

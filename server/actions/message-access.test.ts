import { describe, expect, it } from "vitest";
import { sendToStream } from "../test/message-action-helpers";
import { demoSuite } from "../test/demo-suite";

const PEOPLE = ["iago", "hamlet", "othello", "cordelia", "polonius"];
const suite = demoSuite(PEOPLE);
const { as } = suite;

async function createStream(name: string, members: string[], historyPublic: boolean) {
  const { body } = await suite.server.api(
    "POST",
    "users/me/subscriptions",
    {
      subscriptions: [{ name }],
      invite_only: true,
      history_public_to_subscribers: historyPublic,
      principals: ["hamlet", ...members].map((member) => `${member}@parley.test`),
    },
    as("hamlet"),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
}

async function subscribe(who: string, stream: string) {
  const { body } = await suite.server.api(
    "POST",
    "users/me/subscriptions",
    { subscriptions: [{ name: stream }], principals: [`${who}@parley.test`] },
    as("hamlet"),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
}

async function leave(who: string, stream: string) {
  const { body } = await suite.server.api(
    "DELETE",
    "users/me/subscriptions",
    { subscriptions: [stream] },
    as(who),
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
}

/** Whether each way of naming a message by id lets `viewer` at it. */
async function reach(viewer: string, id: number) {
  const ok = (response: { body: Record<string, unknown> }) => response.body["result"] === "success";
  const get = await suite.server.api("GET", `messages/${id}`, {}, as(viewer));
  const history = await suite.server.api("GET", `messages/${id}/history`, {}, as(viewer));
  const react = await suite.server.api(
    "POST",
    `messages/${id}/reactions`,
    { emoji_name: "octopus" },
    as(viewer),
  );
  const star = await suite.server.api(
    "POST",
    "messages/flags",
    { messages: [id], op: "add", flag: "starred" },
    as(viewer),
  );
  return { get: ok(get), history: ok(history), react: ok(react), star: ok(star) };
}

const ALL = { get: true, history: true, react: true, star: true };
const NONE = { get: false, history: false, react: false, star: false };

describe("one rule for a message a user may see (Zulip's has_message_access)", () => {
  it("a private stream without shared history: received and subscribed", async () => {
    await createStream("vault", ["othello"], false);
    const id = await sendToStream(suite.server, as("hamlet"), "vault", "t");
    await subscribe("cordelia", "vault");
    expect(await reach("othello", id)).toEqual(ALL);
    // Subscribed later: never received it, so cannot see it.
    expect(await reach("cordelia", id)).toEqual(NONE);
    // Received it, then left: the row alone lets them change only their own flags on it.
    await leave("othello", "vault");
    expect(await reach("othello", id)).toEqual({ ...NONE, star: true });
  });

  it("a private stream with shared history: any current subscriber", async () => {
    await createStream("open-vault", ["othello"], true);
    const id = await sendToStream(suite.server, as("hamlet"), "open-vault", "t");
    await subscribe("cordelia", "open-vault");
    expect(await reach("cordelia", id)).toEqual(ALL);
    await leave("othello", "open-vault");
    expect(await reach("othello", id)).toEqual({ ...NONE, star: true });
    expect(await reach("iago", id)).toEqual(NONE);
  });

  it("a public stream: every member, but a guest only while subscribed", async () => {
    const id = await sendToStream(suite.server, as("hamlet"), "engineering", "t");
    expect(await reach("cordelia", id)).toEqual(ALL);
    expect(await reach("polonius", id)).toEqual(NONE);
    const general = await sendToStream(suite.server, as("hamlet"), "general", "t");
    expect(await reach("polonius", general)).toEqual(ALL);
    await leave("polonius", "general");
    expect(await reach("polonius", general)).toEqual({ ...NONE, star: true });
  });

  it("a direct message: its participants only", async () => {
    const { body } = await suite.server.api(
      "POST",
      "messages",
      { type: "private", to: "othello@parley.test", content: "psst" },
      as("hamlet"),
    );
    const id = body["id"] as number; // our own server's answer
    expect(await reach("othello", id)).toEqual(ALL);
    expect(await reach("iago", id)).toEqual(NONE);
  });
});

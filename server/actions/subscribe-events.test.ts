import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  normalizeSubscriptionState,
  subscriptionEventApplier,
} from "../test/apply-subscription-events";
import { startTestServer, type TestServer } from "../test/test-server";
import { verifyAction } from "../test/verify-action";

let server: TestServer;
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const NAMES = ["desdemona", "iago", "hamlet", "othello", "cordelia", "prospero", "polonius"];
const KEYS = ["subscriptions", "never_subscribed", "unsubscribed"];

beforeAll(async () => {
  server = await startTestServer();
  for (const name of NAMES) {
    auth[name] = await server.auth(`${name}@parley.test`);
    const me = await server.api("GET", "users/me", {}, auth[name]);
    ids[name] = me.body["user_id"] as number; // our server's profile
  }
});
afterAll(async () => {
  await server.close();
});

const email = (name: string) => `${name}@parley.test`;
async function post(who: string, params: Record<string, string | number | boolean | object>) {
  const response = await server.api("POST", "users/me/subscriptions", params, auth[who]);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** verify_action for `watcher`'s subscription state, with and without subscriber lists. */
async function verify(
  watcher: string,
  includeSubscribers: boolean,
  action: () => Promise<unknown>,
  numEvents: number,
) {
  return verifyAction(server, {
    email: email(watcher),
    keys: KEYS,
    register: {
      include_subscribers: includeSubscribers,
      event_types: ["subscription", "stream"],
    },
    action: async () => {
      await action();
    },
    apply: subscriptionEventApplier({
      userId: ids[watcher]!,
      isGuest: watcher === "polonius",
      includeSubscribers,
    }),
    normalize: normalizeSubscriptionState,
    numEvents,
  });
}

describe("subscription events (verify_action)", () => {
  it("subscribing oneself to a public stream: `add` with the subscribers", async () => {
    const events = await verify(
      "cordelia",
      true,
      () => post("cordelia", { subscriptions: [{ name: "engineering" }] }),
      1,
    );
    expect(events[0]).toMatchObject({ type: "subscription", op: "add" });
    const [sub] = events[0]!["subscriptions"] as { name: string; subscribers: number[] }[]; // asserted below
    expect(sub?.name).toBe("engineering");
    expect(sub?.subscribers).toContain(ids["cordelia"]);
  });

  it("without subscriber lists too", async () => {
    await verify(
      "desdemona",
      false,
      () => post("desdemona", { subscriptions: [{ name: "engineering" }] }),
      1,
    );
  });

  it("a peer subscribed to the stream gets `peer_add`", async () => {
    const events = await verify(
      "othello",
      true,
      () => post("iago", { subscriptions: [{ name: "random" }], principals: [email("prospero")] }),
      1,
    );
    expect(events[0]).toMatchObject({
      type: "subscription",
      op: "peer_add",
      stream_ids: [expect.any(Number)],
      user_ids: [ids["prospero"]],
    });
  });

  it("a member who never subscribed gets `peer_add` for a public stream", async () => {
    await verify(
      "iago",
      true,
      () =>
        post("hamlet", {
          subscriptions: [{ name: "general" }, { name: "random" }],
          principals: [email("polonius")],
        }),
      1,
    );
  });

  it("creating a public stream: `create` then `add` for the creator", async () => {
    const events = await verify(
      "hamlet",
      true,
      () => post("hamlet", { subscriptions: [{ name: "fresh", description: "New!" }] }),
      2,
    );
    expect(events.map((e) => [e.type, e["op"]])).toEqual([
      ["stream", "create"],
      ["subscription", "add"],
    ]);
    expect(events[0]!["streams"]).toEqual([
      expect.objectContaining({ name: "fresh", description: "New!", invite_only: false }),
    ]);
  });

  it("creating a public stream: `create` then `peer_add` for everyone else", async () => {
    const events = await verify(
      "othello",
      true,
      () => post("hamlet", { subscriptions: [{ name: "fresher" }] }),
      2,
    );
    expect(events.map((e) => [e.type, e["op"]])).toEqual([
      ["stream", "create"],
      ["subscription", "peer_add"],
    ]);
    await verify(
      "prospero",
      false,
      () => post("hamlet", { subscriptions: [{ name: "freshest" }] }),
      2,
    );
  });

  it("a guest hears nothing of a public stream they are not in", async () => {
    await verify(
      "polonius",
      true,
      () => post("hamlet", { subscriptions: [{ name: "no-guests" }] }),
      0,
    );
  });

  it("a guest added to an existing public stream gets `create` then `add`", async () => {
    const events = await verify(
      "polonius",
      true,
      () =>
        post("iago", { subscriptions: [{ name: "engineering" }], principals: [email("polonius")] }),
      2,
    );
    expect(events.map((e) => e.type)).toEqual(["stream", "subscription"]);
  });

  it("creating a private stream tells only its subscribers", async () => {
    await verify(
      "othello",
      true,
      () => post("hamlet", { subscriptions: [{ name: "hideout" }], invite_only: true }),
      0,
    );
    await verify(
      "iago",
      true,
      () => post("hamlet", { subscriptions: [{ name: "hideout-2" }], invite_only: true }),
      0,
    );
    const events = await verify(
      "cordelia",
      true,
      () =>
        post("hamlet", {
          subscriptions: [{ name: "hideout-3" }],
          invite_only: true,
          principals: [email("hamlet"), email("cordelia")],
        }),
      2,
    );
    const add = events[1]!["subscriptions"] as { subscribers: number[] }[];
    expect(add[0]?.subscribers).toEqual([ids["hamlet"], ids["cordelia"]].sort((a, b) => a! - b!));
  });

  it("adding someone to a private stream: `create` + `add` for them, `peer_add` for members", async () => {
    const added = await verify(
      "othello",
      true,
      () =>
        post("hamlet", { subscriptions: [{ name: "leadership" }], principals: [email("othello")] }),
      2,
    );
    expect(added.map((e) => [e.type, e["op"]])).toEqual([
      ["stream", "create"],
      ["subscription", "add"],
    ]);
    await verify(
      "desdemona",
      true,
      () =>
        post("iago", { subscriptions: [{ name: "leadership" }], principals: [email("prospero")] }),
      1,
    );
    await verify(
      "cordelia",
      true,
      () =>
        post("iago", { subscriptions: [{ name: "leadership" }], principals: [email("prospero")] }),
      0,
    );
  });
});

describe("announce", () => {
  async function newest(topic: string, stream: string) {
    const { body } = await server.api(
      "GET",
      "messages",
      {
        anchor: "newest",
        num_before: 1,
        num_after: 0,
        apply_markdown: false,
        narrow: [
          { operator: "stream", operand: stream },
          { operator: "topic", operand: topic },
        ],
      },
      auth["hamlet"],
    );
    return (body["messages"] as { content: string; sender_email: string }[])[0];
  }

  it("posts the new stream in general, from the bot, in topic `new streams`", async () => {
    await post("iago", { subscriptions: [{ name: "megaphone" }], announce: true });
    expect(await newest("new streams", "general")).toMatchObject({
      sender_email: "welcome-bot@parley.test",
      content: "@_**Iago** created a new stream #**megaphone**.",
    });
    await post("iago", {
      subscriptions: [{ name: "one" }, { name: "two" }, { name: "general" }],
      announce: true,
    });
    expect((await newest("new streams", "general"))?.content).toBe(
      "@_**Iago** created the following streams: #**one**, #**two**.",
    );
  });

  it("announces nothing for an existing or a private stream", async () => {
    const before = await newest("new streams", "general");
    await post("iago", { subscriptions: [{ name: "megaphone" }], announce: true });
    await post("iago", { subscriptions: [{ name: "whisper" }], announce: true, invite_only: true });
    expect(await newest("new streams", "general")).toEqual(before);
  });

  it("posts into the new stream itself when there is no general", async () => {
    await server.ctx.db.query("UPDATE streams SET name = 'general-renamed' WHERE name = 'general'");
    try {
      await post("iago", { subscriptions: [{ name: "lonely" }], announce: true });
      expect(await newest("new streams", "lonely")).toMatchObject({
        content: "@_**Iago** created a new stream #**lonely**.",
      });
    } finally {
      await server.ctx.db.query(
        "UPDATE streams SET name = 'general' WHERE name = 'general-renamed'",
      );
    }
  });
});

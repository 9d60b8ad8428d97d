import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserById } from "../db/users";
import {
  normalizeSubscriptionState,
  subscriptionEventApplier,
} from "../test/apply-subscription-events";
import { startTestServer, type TestServer } from "../test/test-server";
import type { State, TestEvent } from "../test/verify-action";
import { subscriptionState } from "./subscription-state";

let server: TestServer;
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const NAMES = ["desdemona", "iago", "hamlet", "othello", "cordelia", "prospero", "polonius"];
const KEYS = ["subscriptions", "unsubscribed", "never_subscribed"] as const;

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
type Params = Record<string, string | number | boolean | object>;
const remove = (who: string, params: Params, path = "users/me/subscriptions") =>
  server.api("DELETE", path, params, auth[who]);
const add = (who: string, params: Params) =>
  server.api("POST", "users/me/subscriptions", params, auth[who]);

async function subscribedNames(who: string): Promise<string[]> {
  const { body } = await server.api("GET", "users/me/subscriptions", {}, auth[who]);
  return (body["subscriptions"] as { name: string }[]).map((sub) => sub.name); // our response
}
async function subscriptionCount(): Promise<number> {
  const [row] = await server.ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM subscriptions WHERE active",
  );
  return row?.n ?? -1;
}

/**
 * verify_action on the subscription lists, with the snapshots taken by `subscriptionState`
 * (what register serves once it delegates to it) right after the queue is registered and
 * after the action; register's own `subscriptions` must agree with it.
 */
async function verify(
  watcher: string,
  includeSubscribers: boolean,
  action: () => Promise<unknown>,
  numEvents: number,
): Promise<TestEvent[]> {
  const user = await findUserById(server.ctx.db, ids[watcher]!);
  if (!user) throw new Error(`no ${watcher}`);
  const snapshot = async (): Promise<State> =>
    JSON.parse(
      JSON.stringify(await subscriptionState(server.ctx, user, includeSubscribers)),
    ) as State; // plain JSON
  const register = {
    include_subscribers: includeSubscribers,
    event_types: ["subscription", "stream"],
  };
  const registered = await server.api("POST", "register", register, auth[watcher]);
  const before = await snapshot();
  await action();
  const polled = await server.api(
    "GET",
    "events",
    { queue_id: String(registered.body["queue_id"]), last_event_id: -1, dont_block: true },
    auth[watcher],
  );
  const events = polled.body["events"] as TestEvent[]; // our server's events
  expect(events.map((event) => [event.type, event["op"]])).toHaveLength(numEvents);
  const apply = subscriptionEventApplier({
    userId: ids[watcher]!,
    isGuest: watcher === "polonius",
    includeSubscribers,
  });
  for (const event of events) apply(before, event);
  const after = await snapshot();
  const pick = (state: State) =>
    normalizeSubscriptionState(Object.fromEntries(KEYS.map((key) => [key, state[key]])));
  expect(pick(before)).toEqual(pick(after));
  const again = await server.api("POST", "register", register, auth[watcher]);
  expect(normalizeSubscriptionState({ subscriptions: again.body["subscriptions"] })).toEqual(
    normalizeSubscriptionState({ subscriptions: after["subscriptions"] }),
  );
  return events;
}

describe("DELETE /users/me/subscriptions", () => {
  it("unsubscribes the caller; streams not subscribed are listed under both names", async () => {
    const { status, body } = await remove("cordelia", {
      subscriptions: ["random", "engineering", "Random"],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      result: "success",
      msg: "",
      removed: ["random"],
      not_subscribed: ["engineering"],
      not_removed: ["engineering"],
    });
    expect(await subscribedNames("cordelia")).not.toContain("random");
  });

  it("answers STREAM_DOES_NOT_EXIST for unknown and invisible private streams, writing nothing", async () => {
    for (const name of ["no-such-stream", "leadership", "bad\u0000name"]) {
      const count = await subscriptionCount();
      const { status, body } = await remove("othello", { subscriptions: ["general", name] });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "STREAM_DOES_NOT_EXIST", stream: name });
      expect(await subscriptionCount()).toBe(count);
    }
  });

  it("lets only administrators unsubscribe others", async () => {
    const count = await subscriptionCount();
    const refused = await remove("hamlet", {
      subscriptions: ["general"],
      principals: [email("othello")],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "BAD_REQUEST", msg: "Insufficient permission" });
    expect(await subscriptionCount()).toBe(count);
    const done = await remove("iago", { subscriptions: ["random"], principals: [ids["othello"]!] });
    expect(done.body).toMatchObject({ removed: ["random"], not_removed: [] });
    expect(await subscribedNames("othello")).not.toContain("random");
  });

  it("lets administrators manage private streams they are not in", async () => {
    await add("hamlet", {
      subscriptions: [{ name: "backroom" }],
      invite_only: true,
      principals: [email("hamlet"), email("cordelia")],
    });
    const { body } = await remove("iago", {
      subscriptions: ["backroom"],
      principals: [email("cordelia"), email("iago")],
    });
    expect(body).toMatchObject({ removed: ["backroom"], not_subscribed: ["backroom"] });
  });

  it("lets a user unsubscribe their own bot", async () => {
    const bot = "welcome-bot@parley.test";
    await server.ctx.db.query("UPDATE users SET bot_owner_id = $1 WHERE email = $2", [
      ids["prospero"],
      bot,
    ]);
    const { body } = await remove("prospero", { subscriptions: ["general"], principals: [bot] });
    expect(body).toMatchObject({ removed: ["general"] });
  });

  it("refuses unknown principals and malformed parameters", async () => {
    const cases: [Params, Record<string, unknown>][] = [
      [{ subscriptions: ["general"], principals: ["ghost@parley.test"] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: ["general"], principals: [123456] }, { code: "BAD_REQUEST" }],
      [{}, { code: "REQUEST_VARIABLE_MISSING" }],
      [{ subscriptions: "general" }, { code: "INVALID_JSON" }],
      [{ subscriptions: [1] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: "[" }, { code: "INVALID_JSON" }],
    ];
    for (const [params, expected] of cases) {
      const count = await subscriptionCount();
      const { status, body } = await remove("hamlet", params);
      expect(status).toBe(400);
      expect(body).toMatchObject(expected);
      expect(await subscriptionCount()).toBe(count);
    }
  });

  it("serves the spec's misspelt path for DELETE only", async () => {
    await add("prospero", { subscriptions: [{ name: "typo-land" }] });
    const { body } = await remove(
      "prospero",
      { subscriptions: ["typo-land"] },
      "users/me/subcriptions",
    );
    expect(body).toMatchObject({ result: "success", removed: ["typo-land"] });
    const post = await server.api("POST", "users/me/subcriptions", {}, auth["prospero"]);
    expect(post.status).toBe(405);
  });

  it("after leaving a private stream one no longer sees it or its new messages", async () => {
    const leadership = await server.api("GET", "streams", {}, auth["hamlet"]);
    const stream = (leadership.body["streams"] as { name: string; stream_id: number }[]).find(
      (s) => s.name === "leadership",
    );
    await remove("hamlet", { subscriptions: ["leadership"] });
    const streams = await server.api("GET", "streams", {}, auth["hamlet"]);
    expect((streams.body["streams"] as { name: string }[]).map((s) => s.name)).not.toContain(
      "leadership",
    );
    const topics = await server.api(
      "GET",
      `users/me/${stream?.stream_id}/topics`,
      {},
      auth["hamlet"],
    );
    expect(topics.body).toMatchObject({ code: "BAD_REQUEST", msg: "Invalid stream ID" });
    const sent = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "leadership", topic: "secret", content: "Not for Hamlet" },
      auth["desdemona"],
    );
    const { body } = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 5, num_after: 0 },
      auth["hamlet"],
    );
    expect((body["messages"] as { id: number }[]).map((m) => m.id)).not.toContain(sent.body["id"]);
  });
});

describe("unsubscribe events (verify_action)", () => {
  it("leaving a public stream: `remove`, the stream moves to `unsubscribed`", async () => {
    const events = await verify(
      "desdemona",
      true,
      () => remove("desdemona", { subscriptions: ["random"] }),
      1,
    );
    expect(events[0]).toMatchObject({ type: "subscription", op: "remove" });
    const removed = events[0]!["subscriptions"] as Record<string, unknown>[]; // asserted here
    expect(removed.map((sub) => Object.keys(sub).sort())).toEqual([["name", "stream_id"]]);
    expect(removed[0]?.["name"]).toBe("random");
    await verify(
      "prospero",
      false,
      () => remove("prospero", { subscriptions: ["engineering"] }),
      1,
    );
  });

  it("peers, subscribed or not, get `peer_remove`; guests outside get nothing", async () => {
    const removeIago = () =>
      remove("desdemona", { subscriptions: ["general"], principals: [email("iago")] });
    const events = await verify("hamlet", true, removeIago, 1);
    expect(events[0]).toMatchObject({ op: "peer_remove", user_ids: [ids["iago"]] });
    await verify("desdemona", true, () => remove("othello", { subscriptions: ["engineering"] }), 1);
    await verify("polonius", true, () => remove("hamlet", { subscriptions: ["engineering"] }), 0);
  });

  it("leaving together: each hears `remove` and `peer_remove` for the others", async () => {
    await add("iago", {
      subscriptions: [{ name: "pair" }],
      principals: [email("cordelia"), email("othello")],
    });
    const both = () =>
      remove("iago", {
        subscriptions: ["pair"],
        principals: [email("cordelia"), email("othello")],
      });
    const events = await verify("cordelia", true, both, 2);
    expect(events.map((e) => e["op"])).toEqual(["remove", "peer_remove"]);
  });

  it("leaving a private stream clears its subscribers; members get `peer_remove`", async () => {
    await add("iago", {
      subscriptions: [{ name: "cell" }],
      invite_only: true,
      principals: [email("iago"), email("othello"), email("cordelia")],
    });
    await verify("othello", true, () => remove("othello", { subscriptions: ["cell"] }), 1);
    await verify("cordelia", true, () => remove("iago", { subscriptions: ["cell"] }), 1);
    await verify("prospero", true, () => remove("cordelia", { subscriptions: ["cell"] }), 0);
  });

  it("a guest who leaves a public stream keeps no subscriber list", async () => {
    await verify("polonius", true, () => remove("polonius", { subscriptions: ["general"] }), 1);
  });

  it("subscribing again moves the stream back from `unsubscribed`", async () => {
    await verify(
      "desdemona",
      true,
      () => add("desdemona", { subscriptions: [{ name: "random" }] }),
      1,
    );
    await verify(
      "othello",
      true,
      () => add("othello", { subscriptions: [{ name: "cell" }], principals: [] }),
      0,
    );
    await verify(
      "othello",
      true,
      () => add("iago", { subscriptions: [{ name: "cell" }], principals: [email("othello")] }),
      2,
    );
  });
});
